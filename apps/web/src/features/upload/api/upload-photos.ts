import { uploadResponseSchema, type Template } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { buildUploadForm, type StagingChoice } from '../upload-request';

export interface UploadPhotosInput {
  projectId: string;
  files: readonly File[];
  /** One template, or several enhancements chosen together; empty for custom instructions alone. */
  templates: readonly Pick<Template, 'id' | 'prompt'>[];
  customText: string;
  /** Style, variations and 'Remove furniture first', for a staging template only. */
  staging: StagingChoice | null;
}

/** POST /api/projects/:id/upload (multipart); the answer is the project and its new photos. */
export async function uploadPhotos({ projectId, files, templates, customText, staging }: UploadPhotosInput) {
  const response = await apiFetch(`/api/projects/${encodeURIComponent(projectId)}/upload`, {
    method: 'POST',
    body: buildUploadForm(files, templates, customText, staging),
  });
  return uploadResponseSchema.parse(await response.json());
}

/** The caller refreshes the project list and usage stats, which belong to other features. */
export function useUploadPhotos() {
  return useMutation({ mutationFn: uploadPhotos });
}
