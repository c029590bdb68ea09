import { joinPrompt, type StagingStyle, type Template } from '@hearth/contracts';

/** What a staging template is made with (issue 12); both are left out for other templates. */
export interface StagingChoice {
  style: StagingStyle | null;
  variations: number;
  /** 'Remove furniture first' (issue 13): the occupied room is emptied before it is staged, one image. */
  removeFurnitureFirst?: boolean;
}

type ChosenTemplate = Pick<Template, 'id' | 'prompt'>;

/**
 * The multipart body of POST /api/projects/:id/upload: every photo under `photos`, the SPEC §7 prompt
 * (template prompt, '. ', custom text, or only one of them), the chosen template's id, so the server does not
 * have to guess the template back from the text, and for a staging template its style and variations.
 *
 * Several enhancement templates chosen together go as `templateIds` (comma-separated), and a staging template
 * with its furniture removed first adds `removeFurnitureFirst=true`; the server builds the combined template
 * and its prompt (decision 110), so `prompt` then carries the custom text alone.
 */
export function buildUploadForm(
  files: readonly File[],
  chosen: ChosenTemplate | readonly ChosenTemplate[] | null,
  customText: string,
  staging: StagingChoice | null = null,
): FormData {
  const templates: readonly ChosenTemplate[] = chosen === null ? [] : 'id' in chosen ? [chosen] : chosen;
  const removeFirst = templates.length === 1 && staging?.removeFurnitureFirst === true;
  const combined = templates.length > 1 || removeFirst;
  const form = new FormData();
  // Fields first: the server reads them before it streams the files.
  if (templates.length > 1) form.append('templateIds', templates.map((t) => t.id).join(','));
  else if (templates[0]) form.append('templateId', templates[0].id);
  if (removeFirst) form.append('removeFurnitureFirst', 'true');
  const prompt = joinPrompt(combined ? undefined : templates[0]?.prompt, customText);
  if (prompt) form.append('prompt', prompt);
  if (templates.length === 1 && staging) {
    if (staging.style) form.append('style', staging.style);
    form.append('variations', String(staging.variations));
  }
  for (const file of files) form.append('photos', file, file.name);
  return form;
}
