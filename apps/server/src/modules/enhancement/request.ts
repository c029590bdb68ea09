import { joinPrompt } from '@hearth/contracts';
import { HttpError } from '../../http/errors';
import { findTemplate, TEMPLATE_CATALOG, type TemplateDefinition } from '../templates/catalog';
import { isTemplateAvailable, NO_PROVIDER_REASON, type EngineAvailability } from '../templates/service';
import { buildFinalPrompt } from './prompt';

/** What the user asked for: a template, their own words, or both. */
export interface RequestedEdit {
  template: TemplateDefinition | undefined;
  customText: string | undefined;
}

export interface EnhancementRequest extends RequestedEdit {
  /** The prompt as SPEC §7 joins it (template prompt, '. ', custom text). */
  prompt: string;
}

const MAX_CUSTOM_TEXT = 2000;

/**
 * Reads what the user asked for from `templateId` and/or `prompt` (SPEC §7 join of the template prompt and
 * the custom text). A prompt that starts with a template's prompt names that template, so clients that
 * send only `prompt` (the dashboard, the debug screen) work too. Refuses an unknown template, an empty
 * request and over-long instructions; says nothing yet about whether this server can do it.
 */
export function parseRequestedEdit(fields: { templateId?: string; prompt?: string }): RequestedEdit {
  const prompt = (fields.prompt ?? '').trim();
  const template = fields.templateId
    ? findTemplate(fields.templateId)
    : TEMPLATE_CATALOG.find((t) => prompt.startsWith(t.prompt));
  if (fields.templateId && !template) throw new HttpError(400, 'That template does not exist.', 'UNKNOWN_TEMPLATE');

  const customText = customTextOf(prompt, template);
  if (!template && !customText) {
    throw new HttpError(400, 'Choose a template or write custom instructions.', 'NOTHING_TO_DO');
  }
  if (customText && customText.length > MAX_CUSTOM_TEXT) {
    throw new HttpError(400, `Custom instructions can be at most ${MAX_CUSTOM_TEXT} characters.`, 'PROMPT_TOO_LONG');
  }
  return { template, customText };
}

/** The upload's request, refused with 422 when it needs an engine this server does not have. */
export function resolveRequest(fields: Record<string, string>, engines: EngineAvailability): EnhancementRequest {
  const { template, customText } = parseRequestedEdit(fields);
  if (template && !isTemplateAvailable(template, engines)) {
    throw new HttpError(422, `${template.name} is not available. ${NO_PROVIDER_REASON}`, 'TEMPLATE_UNAVAILABLE');
  }
  if (customText && !engines.generative) {
    throw new HttpError(
      422,
      'Custom instructions need an AI image provider, and none is configured on this server. Choose Professional Enhancement, Blue Sky or Perfect Lawn without instructions.',
      'CUSTOM_PROMPT_UNAVAILABLE',
    );
  }
  return { template, customText, prompt: joinPrompt(template?.prompt, customText) };
}

/** Exactly what a generative provider receives for this edit: the fixed rules, then the request. */
export const finalPromptOf = ({ template, customText }: RequestedEdit) =>
  buildFinalPrompt({ templatePrompt: template?.prompt, customText });

/** The final prompt of a stored photo, rebuilt from what its upload asked for. */
export function finalPromptForPhoto(photo: { templateId: string | null; customPrompt: string | null }): string {
  const template = photo.templateId ? findTemplate(photo.templateId) : undefined;
  return finalPromptOf({ template, customText: photo.customPrompt ?? undefined });
}

function customTextOf(prompt: string, template: TemplateDefinition | undefined): string | undefined {
  const rest = template && prompt.startsWith(template.prompt) ? prompt.slice(template.prompt.length) : prompt;
  const text = rest.replace(/^\.\s*/, '').trim();
  return text || undefined;
}
