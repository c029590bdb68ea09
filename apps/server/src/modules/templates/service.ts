import { POPULAR_TEMPLATE_ORDER, type Template } from '@hearth/contracts';
import { TEMPLATE_CATALOG, type TemplateDefinition } from './catalog';

/** Said once for every staging template this server cannot run: what it takes to turn staging on. */
export const NO_PROVIDER_REASON =
  'Virtual staging needs an AI image provider. To turn it on, set GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY on the server and restart it (README: "Turning on virtual staging").';

export interface EngineAvailability {
  /** True when a generative image provider is configured (staging, custom instructions). */
  generative: boolean;
}

export function isTemplateAvailable(template: TemplateDefinition, engines: EngineAvailability): boolean {
  return Boolean(template.localOperations) || engines.generative;
}

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
      available,
      ...(available ? {} : { unavailableReason: NO_PROVIDER_REASON }),
    };
  });
}
