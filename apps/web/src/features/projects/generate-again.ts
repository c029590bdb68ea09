import type { CreateVersionsRequest, PhotoVersion, StagingStyle, Template } from '@hearth/contracts';
import { errorCode, errorMessage, errorStatus } from '../../lib/api-client';
import type { QuotaProblem } from '../../lib/quota';
import { quotaTitleForCode } from '../../lib/quota';
import { isStagingTemplate, styleFor, variationsFor } from '../../lib/staging-options';
import { choiceFromTemplateId } from '../../lib/template-ids';

/** What the review needs from other features to offer 'Generate again'; the page passes it in. */
export interface GenerateAgainOptions {
  /** The template catalogue (GET /api/templates); undefined while it loads. */
  templates: readonly Template[] | undefined;
  /** Custom instructions need the same AI provider as staging. */
  customInstructionsAvailable: boolean;
  /** Why no image may be made right now (no trial, overdue …); null when it may. */
  blockedReason: string | null;
  /** The browser's check of what is left, for one photo and this many variations. */
  checkQuota: (variations: number) => QuotaProblem | null;
  /** A version was asked for or finished: the usage shown elsewhere changes. */
  onImagesChanged: () => void;
}

export interface GenerateAgainValues {
  templateId: string | null;
  /** Other enhancement templates applied together with `templateId` (issue 13), for one image. */
  alsoApply?: string[];
  /** 'Remove furniture first' on a staging template that offers it. */
  removeFurnitureFirst?: boolean;
  /** The agent's pick; the template's default stands in while none is picked (see styleFor). */
  style: StagingStyle | null;
  instructions: string;
  variations: number;
}

const availableTemplate = (templates: readonly Template[] | undefined, id: string | null) =>
  (id && templates?.find((t) => t.id === id && t.available)) || null;

/** The enhancements that can go with `template`, other than itself, that this server can run. */
export function combinableWith(templates: readonly Template[] | undefined, template: Template | null): Template[] {
  if (!template?.combinable) return [];
  return (templates ?? []).filter((t) => t.available && t.combinable && t.id !== template.id);
}

/** The enhancements picked to go with the template, kept only while they can. */
const alsoApplied = (values: GenerateAgainValues, templates: readonly Template[] | undefined) => {
  const template = availableTemplate(templates, values.templateId);
  const offered = new Set(combinableWith(templates, template).map((t) => t.id));
  return (values.alsoApply ?? []).filter((id) => offered.has(id));
};

/**
 * The form starts from the settings of the version being looked at: 'Generate again' repeats them unless changed.
 * A combined template id (decision 110) comes back as its first part, the enhancements applied with it and
 * whether the furniture was removed first.
 */
export function initialValues(
  base: Pick<PhotoVersion, 'templateId' | 'style' | 'instructions'> | null,
  templates: readonly Template[] | undefined,
): GenerateAgainValues {
  const { ids, removeFurnitureFirst } = choiceFromTemplateId(base?.templateId);
  const [first, ...rest] = ids.filter((id) => availableTemplate(templates, id));
  const template = availableTemplate(templates, first ?? null);
  const others = new Set(combinableWith(templates, template).map((t) => t.id));
  return {
    templateId: template?.id ?? null,
    alsoApply: rest.filter((id) => others.has(id)),
    removeFurnitureFirst: removeFurnitureFirst && template?.removeFurnitureFirst === true,
    style: base?.style ?? null,
    instructions: base?.instructions ?? '',
    variations: 1,
  };
}

/** The request body: every setting said explicitly, so what the form shows is what is made. */
export function generateRequest(
  values: GenerateAgainValues,
  templates: readonly Template[] | undefined,
  customInstructionsAvailable: boolean,
): CreateVersionsRequest {
  const template = availableTemplate(templates, values.templateId);
  const style = styleFor(template, values.style);
  const together = alsoApplied(values, templates);
  return {
    // null: no template, the instructions alone (left out, the server would repeat the earlier one's).
    ...(template && together.length
      ? { templateIds: [template.id, ...together] }
      : { templateId: template?.id ?? null }),
    // Said whenever it is offered: false takes it off a template that had it.
    ...(template?.removeFurnitureFirst ? { removeFurnitureFirst: values.removeFurnitureFirst === true } : {}),
    ...(style ? { style } : {}),
    // An empty string removes instructions the earlier version had.
    prompt: customInstructionsAvailable ? values.instructions.trim() : '',
    variations: variationsFor(template, values.variations),
  };
}

/** What is missing before the form can be sent, in the upload card's words; null when nothing is. */
export function generateBlocker(
  values: GenerateAgainValues,
  templates: readonly Template[] | undefined,
  customInstructionsAvailable: boolean,
): string | null {
  const template = availableTemplate(templates, values.templateId);
  const instructions = customInstructionsAvailable ? values.instructions.trim() : '';
  if (template) return null;
  if (!customInstructionsAvailable) return 'Choose a template.';
  return instructions ? null : 'Choose a template or write custom instructions.';
}

export type GenerateFailure =
  { kind: 'toast'; title: string; description: string } | { kind: 'inline'; message: string };

/**
 * How a refused 'Generate again' is told: a full allowance with the SPEC §8 toasts (the server's message counts
 * the images), anything else next to the form it came from, in the server's words when it gave some.
 */
export function generateFailure(error: unknown): GenerateFailure {
  const message = errorMessage(error);
  const quotaTitle = quotaTitleForCode(errorCode(error));
  if (quotaTitle && message) return { kind: 'toast', title: quotaTitle, description: message };
  const status = errorStatus(error);
  if (status === 404) {
    return { kind: 'inline', message: 'This photo is no longer available. Close the review and open it again.' };
  }
  if (status === 422) return { kind: 'inline', message: message ?? 'This template cannot be used on this server yet.' };
  return { kind: 'inline', message: message ?? 'The new version could not be started. Please try again.' };
}

export const isStagingChoice = (templates: readonly Template[] | undefined, templateId: string | null) =>
  isStagingTemplate(availableTemplate(templates, templateId));
