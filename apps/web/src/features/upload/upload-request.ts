import { joinPrompt, type Template } from '@hearth/contracts';

/**
 * The multipart body of POST /api/projects/:id/upload: every photo under `photos`, the SPEC §7 prompt
 * (template prompt, '. ', custom text, or only one of them) and the chosen template's id, so the
 * server does not have to guess the template back from the text.
 */
export function buildUploadForm(
  files: readonly File[],
  template: Pick<Template, 'id' | 'prompt'> | null,
  customText: string,
): FormData {
  const form = new FormData();
  // Fields first: the server reads them before it streams the files.
  if (template) form.append('templateId', template.id);
  const prompt = joinPrompt(template?.prompt, customText);
  if (prompt) form.append('prompt', prompt);
  for (const file of files) form.append('photos', file, file.name);
  return form;
}
