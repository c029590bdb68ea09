import { debugPromptResponseSchema, type StagingStyle } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PromptPreviewRequest {
  prompt: string;
  /** A staging style the final prompt carries, as the upload card's 'Style' does. */
  style: StagingStyle | null;
}

/** POST /api/debug/prompt: the final prompt exactly as a provider would receive it (fixed rules + request). */
export const previewPrompt = async ({ prompt, style }: PromptPreviewRequest) =>
  (
    await apiRequest('/api/debug/prompt', debugPromptResponseSchema, {
      method: 'POST',
      json: { prompt, ...(style ? { style } : {}) },
    })
  ).finalPrompt;

export function usePreviewPrompt() {
  return useMutation({ mutationFn: previewPrompt });
}
