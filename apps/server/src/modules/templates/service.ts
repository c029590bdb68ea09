import {
  ALTERATIONS,
  POPULAR_TEMPLATE_ORDER,
  type Alteration,
  type EditClassification,
  type Template,
} from '@hearth/contracts';
import { isTemplateAvailable, NO_PROVIDER_REASON, type EngineAvailability } from './availability';
import { findTemplate, TEMPLATE_CATALOG } from './catalog';
import { offersRemoveFurnitureFirst } from './combined';
import { defaultStyleOf, stylesOf } from './styles';

export { isTemplateAvailable, NO_PROVIDER_REASON, type EngineAvailability } from './availability';
export { findTemplate, type TemplateDefinition } from './catalog';
export {
  finalPromptForVersion,
  finalPromptOf,
  parseRequestedEdit,
  requestedTemplateId,
  resolveRequest,
  type EnhancementRequest,
  type RequestedEdit,
} from './request';

/** Popular templates in SPEC order, then the rest alphabetically, each saying whether it can run here. */
export function listTemplates(engines: EngineAvailability): Template[] {
  const popularRank = (name: string) => POPULAR_TEMPLATE_ORDER.indexOf(name as (typeof POPULAR_TEMPLATE_ORDER)[number]);
  const popular = TEMPLATE_CATALOG.filter((t) => t.isPopular).sort((a, b) => popularRank(a.name) - popularRank(b.name));
  const rest = TEMPLATE_CATALOG.filter((t) => !t.isPopular).sort((a, b) => a.name.localeCompare(b.name));
  return [...popular, ...rest].map((t) => {
    const available = isTemplateAvailable(t, engines);
    return {
      id: t.id,
      name: t.name,
      prompt: t.prompt,
      category: t.category,
      isPopular: t.isPopular,
      alterations: [...t.alterations],
      available,
      ...(available ? {} : { unavailableReason: NO_PROVIDER_REASON }),
      ...(t.category === 'staging' ? { styles: [...stylesOf(t)], defaultStyle: defaultStyleOf(t) } : {}),
      ...(t.category === 'enhancement' && t.localOperations ? { combinable: true } : {}),
      ...(offersRemoveFurnitureFirst(t) ? { removeFurnitureFirst: true } : {}),
    };
  });
}

/** The catalog templates a template id stands for: itself, the parts of a combination, or a staged base. */
export function catalogIdsOf(templateId: string): string[] {
  const template = findTemplate(templateId);
  return template?.parts ?? (template?.baseId ? [template.baseId] : [templateId]);
}

/**
 * Whether a result must be disclosed, from how it was made: its template's alterations, plus any custom
 * instructions (they may ask for anything, so they are always disclosed). A version made without a template
 * or instructions (none exist today) would be the local engine's enhancement: exempt.
 */
export function classifyEdit(made: { templateId: string | null; customPrompt: string | null }): EditClassification {
  const template = made.templateId ? findTemplate(made.templateId) : undefined;
  const alterations = new Set<Alteration>(template?.alterations ?? []);
  if (made.customPrompt?.trim()) alterations.add('custom-instructions');
  // A template id no longer in the catalogue: we cannot say it was harmless, so it is disclosed.
  if (made.templateId && !template) alterations.add('custom-instructions');
  const list = ALTERATIONS.filter((a) => alterations.has(a));
  return { classification: list.length ? 'disclosed' : 'exempt', alterations: list };
}
