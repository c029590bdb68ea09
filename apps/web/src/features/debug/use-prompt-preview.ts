import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import { usePreviewPrompt } from './api/preview-prompt';
import { characterCountLabel } from './debug-log';
import { previewBlocker } from './debug-validation';
import { describeError } from './run-enhancement-test';
import type { DebugLogger } from './use-debug-log';
import { errorMessage } from '../../lib/api-client';

/** SPEC §9: with auto-preview on, the final prompt is asked for after a 1 second pause in typing. */
export const AUTO_PREVIEW_DELAY_MS = 1000;

export interface PromptPreview {
  /** The prompt as it was sent, to tell when the text has changed since. */
  prompt: string;
  finalPrompt: string;
}

/**
 * 'Preview Final Prompt' and auto-preview. Only the newest request's answer is shown: an older one that
 * arrives late (typing went on meanwhile) is dropped rather than overwriting a newer preview.
 */
export function usePromptPreview({
  prompt,
  autoPreview,
  log,
}: {
  prompt: string;
  autoPreview: boolean;
  log: DebugLogger;
}) {
  const { mutateAsync, isPending } = usePreviewPrompt();
  const [preview, setPreview] = useState<PromptPreview | null>(null);
  const latestRequest = useRef(0);

  const request = useCallback(
    async (text: string, trigger: 'button' | 'auto') => {
      const id = ++latestRequest.current;
      log(
        'info',
        trigger === 'auto' ? 'Auto-preview: generating the final prompt...' : 'Generating the final prompt...',
      );
      try {
        const finalPrompt = await mutateAsync(text);
        if (id !== latestRequest.current) return;
        setPreview({ prompt: text, finalPrompt });
        log('success', `Final prompt generated (${characterCountLabel(finalPrompt)})`);
      } catch (error) {
        if (id !== latestRequest.current) return;
        log('error', `Failed to generate prompt: ${describeError(error)}`);
        const detail = errorMessage(error);
        showToast({
          variant: 'destructive',
          title: 'Failed to generate prompt',
          ...(detail ? { description: detail } : {}),
        });
      }
    },
    [mutateAsync, log],
  );

  /** The button: says what is missing instead of sending an empty prompt (SPEC §5). */
  const previewNow = useCallback(() => {
    const blocker = previewBlocker(prompt);
    if (blocker) {
      log('error', blocker);
      showToast({ variant: 'destructive', title: blocker });
      return;
    }
    void request(prompt, 'button');
  }, [prompt, request, log]);

  const previewedPrompt = preview?.prompt;
  useEffect(() => {
    // Auto-preview stays quiet about an empty prompt: the person is still typing.
    if (!autoPreview || previewBlocker(prompt) || prompt === previewedPrompt) return;
    const timer = setTimeout(() => void request(prompt, 'auto'), AUTO_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoPreview, prompt, previewedPrompt, request]);

  return { preview, previewNow, isPending };
}
