import type { StagingStyle } from '@hearth/contracts';
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
  /** The prompt and style as they were sent, to tell when either has changed since. */
  prompt: string;
  style: StagingStyle | null;
  finalPrompt: string;
}

/**
 * 'Preview Final Prompt' and auto-preview. Only the newest request's answer is shown: an older one that
 * arrives late (typing went on meanwhile) is dropped rather than overwriting a newer preview.
 */
export function usePromptPreview({
  prompt,
  style,
  autoPreview,
  log,
}: {
  prompt: string;
  style: StagingStyle | null;
  autoPreview: boolean;
  log: DebugLogger;
}) {
  const { mutateAsync, isPending } = usePreviewPrompt();
  const [preview, setPreview] = useState<PromptPreview | null>(null);
  const latestRequest = useRef(0);

  const request = useCallback(
    async (text: string, withStyle: StagingStyle | null, trigger: 'button' | 'auto') => {
      const id = ++latestRequest.current;
      log(
        'info',
        trigger === 'auto' ? 'Auto-preview: generating the final prompt...' : 'Generating the final prompt...',
      );
      try {
        const finalPrompt = await mutateAsync({ prompt: text, style: withStyle });
        if (id !== latestRequest.current) return;
        setPreview({ prompt: text, style: withStyle, finalPrompt });
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
    void request(prompt, style, 'button');
  }, [prompt, style, request, log]);

  const previewedPrompt = preview?.prompt;
  const previewedStyle = preview?.style;
  useEffect(() => {
    // Auto-preview stays quiet about an empty prompt: the person is still typing.
    if (!autoPreview || previewBlocker(prompt) || (prompt === previewedPrompt && style === previewedStyle)) return;
    const timer = setTimeout(() => void request(prompt, style, 'auto'), AUTO_PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [autoPreview, prompt, style, previewedPrompt, previewedStyle, request]);

  return { preview, previewNow, isPending };
}
