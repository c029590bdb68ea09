import { debugPromptResponseSchema } from '@hearth/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/debug/prompt: the final prompt exactly as a provider would receive it (fixed rules + request). */
export const previewPrompt = async (prompt: string) =>
  (await apiRequest('/api/debug/prompt', debugPromptResponseSchema, { method: 'POST', json: { prompt } })).finalPrompt;

export function usePreviewPrompt() {
  return useMutation({ mutationFn: previewPrompt });
}
