import { joinPrompt, stagingStyleSchema, variationsSchema, type StagingStyle } from '@hearth/contracts';
import { HttpError } from '../../infrastructure/http/errors';
import { findTemplate, TEMPLATE_CATALOG, type TemplateDefinition } from './catalog';
import { combinedTemplateId } from './combined';
import { isTemplateAvailable, NO_PROVIDER_REASON, type EngineAvailability } from './availability';
import { buildFinalPrompt } from './prompt';
import { defaultStyleOf } from './styles';

/** What the user asked for: a template, their own words, or both, and the style to stage in. */
export interface RequestedEdit {
  template: TemplateDefinition | undefined;
  customText: string | undefined;
  /** Staging only: the chosen style, else the template's default (none for instructions alone). */
  style: StagingStyle | undefined;
}

export interface EnhancementRequest extends RequestedEdit {
  /** The prompt as SPEC §7 joins it (template prompt, '. ', custom text). */
  prompt: string;
  /** How many versions to make of each photo, one image each. */
  variations: number;
}

export interface RequestFields {
  templateId?: string;
  /**
   * Several templates chosen together (enhancements only): an array in JSON, a comma-separated list in a
   * multipart upload. Stored as one combined template id (combined.ts).
   */
  templateIds?: string | string[];
  /** 'Remove furniture first' on a staging template: 'true'/'false' in a multipart upload. */
  removeFurnitureFirst?: string | boolean;
  prompt?: string;
  style?: string;
  variations?: string | number;
}

const MAX_CUSTOM_TEXT = 2000;

/**
 * Reads what the user asked for from `templateId` and/or `prompt` (SPEC §7 join of the template prompt and
 * the custom text). A prompt that starts with a template's prompt names that template, so clients that
 * send only `prompt` (the dashboard, the debug screen) work too. Refuses an unknown template, an empty
 * request and over-long instructions; says nothing yet about whether this server can do it.
 */
export function parseRequestedEdit(fields: RequestFields): RequestedEdit {
  const prompt = (fields.prompt ?? '').trim();
  const templateId = requestedTemplateId(fields);
  const template = templateId ? findTemplate(templateId) : TEMPLATE_CATALOG.find((t) => prompt.startsWith(t.prompt));
  if (templateId && !template) throw unknownTemplate();

  const customText = customTextOf(prompt, template);
  if (!template && !customText) {
    throw new HttpError(400, 'Choose a template or write custom instructions.', 'NOTHING_TO_DO');
  }
  if (customText && customText.length > MAX_CUSTOM_TEXT) {
    throw new HttpError(400, `Custom instructions can be at most ${MAX_CUSTOM_TEXT} characters.`, 'PROMPT_TOO_LONG');
  }
  return { template, customText, style: styleOf(fields.style, template, customText) };
}

const unknownTemplate = () => new HttpError(400, 'That template does not exist.', 'UNKNOWN_TEMPLATE');

/**
 * The one template id of the request: `templateId`, or the templates of `templateIds` (and 'Remove furniture
 * first') combined into one. Undefined when none was named.
 */
export function requestedTemplateId(fields: RequestFields): string | undefined {
  const ids = listOf(fields.templateIds);
  const removeFirst = flagOf(fields.removeFurnitureFirst);
  if (ids.length > 0 && fields.templateId) {
    throw new HttpError(400, 'Send templateId or templateIds, not both.', 'TEMPLATE_TWICE');
  }
  const chosen = ids.length > 0 ? ids : fields.templateId ? [fields.templateId] : [];
  if (!removeFirst && chosen.length <= 1) return chosen[0];
  if (chosen.length === 0) {
    throw new HttpError(
      400,
      "'Remove furniture first' applies to a staging template: choose one.",
      'REMOVE_FURNITURE_NOT_APPLICABLE',
    );
  }
  // A combined id may come back (from 'Generate again'): it stands for its parts.
  const templates = chosen.flatMap((id) => {
    const template = findTemplate(id);
    if (!template) throw unknownTemplate();
    if (template.parts) return template.parts.map((part) => findTemplate(part)!);
    if (template.baseId && removeFirst) return [findTemplate(template.baseId)!];
    return [template];
  });
  return combinedTemplateId(templates, removeFirst, TEMPLATE_CATALOG);
}

function listOf(value: string | string[] | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? '').split(',');
  return items.map((item) => item.trim()).filter(Boolean);
}

function flagOf(value: string | boolean | undefined): boolean {
  if (typeof value === 'boolean') return value;
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0' || text === 'off') return false;
  if (text === 'true' || text === '1' || text === 'on') return true;
  throw new HttpError(400, 'removeFurnitureFirst must be true or false.', 'BAD_REMOVE_FURNITURE');
}

/**
 * A style stages furniture and decor: it applies to staging templates (their default when none is chosen)
 * and to instructions alone; an enhancement template refuses one rather than ignore it.
 */
function styleOf(value: string | undefined, template: TemplateDefinition | undefined, customText: string | undefined) {
  const stylable = template ? template.category === 'staging' : Boolean(customText);
  if (!value) return stylable && template ? defaultStyleOf(template) : undefined;
  const style = stagingStyleSchema.safeParse(value);
  if (!style.success) throw new HttpError(400, style.error.issues[0]!.message, 'UNKNOWN_STYLE');
  if (!stylable) {
    throw new HttpError(
      400,
      `${template!.name} is an enhancement: a style applies to staging templates only.`,
      'STYLE_NOT_APPLICABLE',
    );
  }
  return style.data;
}

function variationsOf(value: string | number | undefined, edit: RequestedEdit): number {
  if (value === undefined || value === '') return 1;
  const parsed = variationsSchema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]!.message, 'BAD_VARIATIONS');
  if (parsed.data > 1 && edit.template && edit.template.category !== 'staging') {
    throw new HttpError(
      400,
      `${edit.template.name} makes one result: variations are for staging templates.`,
      'VARIATIONS_NOT_APPLICABLE',
    );
  }
  return parsed.data;
}

/** The upload's request, refused with 422 when it needs an engine this server does not have. */
export function resolveRequest(fields: RequestFields, engines: EngineAvailability): EnhancementRequest {
  const edit = parseRequestedEdit(fields);
  const { template, customText } = edit;
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
  return {
    ...edit,
    prompt: joinPrompt(template?.prompt, customText),
    variations: variationsOf(fields.variations, edit),
  };
}

/** Exactly what a generative provider receives for this edit: the fixed rules, then the request. */
export const finalPromptOf = ({ template, customText, style }: RequestedEdit) =>
  buildFinalPrompt({ templatePrompt: template?.prompt, customText, style });

/** The final prompt of a stored version, rebuilt from what was asked for it. */
export function finalPromptForVersion(version: {
  templateId: string | null;
  customPrompt: string | null;
  style: string | null;
}): string {
  const template = version.templateId ? findTemplate(version.templateId) : undefined;
  const style = stagingStyleSchema.safeParse(version.style);
  return finalPromptOf({
    template,
    customText: version.customPrompt ?? undefined,
    style: style.success ? style.data : undefined,
  });
}

function customTextOf(prompt: string, template: TemplateDefinition | undefined): string | undefined {
  const rest = template && prompt.startsWith(template.prompt) ? prompt.slice(template.prompt.length) : prompt;
  const text = rest.replace(/^\.\s*/, '').trim();
  return text || undefined;
}
