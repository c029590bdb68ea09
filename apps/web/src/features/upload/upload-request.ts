import { joinPrompt, type StagingStyle, type Template } from '@hearth/contracts';

/** What a staging template is made with (issue 12); both are left out for other templates. */
export interface StagingChoice {
  style: StagingStyle | null;
  variations: number;
}

/**
 * The multipart body of POST /api/projects/:id/upload: every photo under `photos`, the SPEC §7 prompt
 * (template prompt, '. ', custom text, or only one of them), the chosen template's id, so the server does not
 * have to guess the template back from the text, and for a staging template its style and variations.
 */
export function buildUploadForm(
  files: readonly File[],
  template: Pick<Template, 'id' | 'prompt'> | null,
  customText: string,
  staging: StagingChoice | null = null,
): FormData {
  const form = new FormData();
  // Fields first: the server reads them before it streams the files.
  if (template) form.append('templateId', template.id);
  const prompt = joinPrompt(template?.prompt, customText);
  if (prompt) form.append('prompt', prompt);
  if (template && staging) {
    if (staging.style) form.append('style', staging.style);
    form.append('variations', String(staging.variations));
  }
  for (const file of files) form.append('photos', file, file.name);
  return form;
}
