import { uploadResponseSchema } from '@hearth/contracts';
import { apiFetch } from '../../../lib/api-client';
import type { TestPhotoUpload } from '../run-enhancement-test';

/**
 * POST /api/projects/:id/upload with one photo and the prompt exactly as typed (the dashboard's upload
 * re-joins template and custom text; here the point is to send the very text that was previewed).
 * The picked template's id goes along so the server does not have to recognise it from the text, and with a
 * staging template the style the final prompt was previewed with.
 */
export async function uploadTestPhoto({ projectId, file, prompt, templateId, style }: TestPhotoUpload) {
  const form = new FormData();
  // Fields first: the server reads them before it streams the file.
  if (templateId) form.append('templateId', templateId);
  form.append('prompt', prompt);
  if (templateId && style) form.append('style', style);
  form.append('photos', file, file.name);
  const response = await apiFetch(`/api/projects/${encodeURIComponent(projectId)}/upload`, {
    method: 'POST',
    body: form,
  });
  return uploadResponseSchema.parse(await response.json());
}
