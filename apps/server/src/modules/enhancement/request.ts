import { findTemplate, TEMPLATE_CATALOG, type TemplateDefinition } from '../templates/catalog';
import { isTemplateAvailable, NO_PROVIDER_REASON, type EngineAvailability } from '../templates/service';
import { HttpError } from '../../http/errors';
import { joinPrompt } from '@hearth/contracts';

export interface EnhancementRequest {
  template: TemplateDefinition | undefined;
  customText: string | undefined;
  /** The prompt as the client joined it (template prompt, '. ', custom text). */
  prompt: string;
}

const MAX_CUSTOM_TEXT = 2000;

/**
 * Reads what the user asked for from the upload's fields: `templateId` and/or `prompt` (SPEC §7 join
 * of the template prompt and the custom text). A prompt that starts with a template's prompt names
 * that template, so clients that send only `prompt` work too.
 */
export function resolveRequest(fields: Record<string, string>, engines: EngineAvailability): EnhancementRequest {
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

function customTextOf(prompt: string, template: TemplateDefinition | undefined): string | undefined {
  const rest = template && prompt.startsWith(template.prompt) ? prompt.slice(template.prompt.length) : prompt;
  const text = rest.replace(/^\.\s*/, '').trim();
  return text || undefined;
}
