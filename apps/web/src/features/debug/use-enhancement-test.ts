import type { Photo, Project, StagingStyle } from '@hearth/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { showToast } from '../../lib/toast';
import { abortableSleep } from './enhancement-poll';
import {
  describeError,
  outcomeNotice,
  runEnhancementTest,
  type EnhancementTestDeps,
  type EnhancementTestOutcome,
  type TestPhase,
} from './run-enhancement-test';
import type { DebugLogger } from './use-debug-log';

/** The calls of the test that belong to other features; the page passes them in. */
export type EnhancementTestCalls = Pick<
  EnhancementTestDeps,
  'createProject' | 'uploadPhoto' | 'fetchPhotos' | 'deleteProject'
>;

export type EnhancementTestState =
  { kind: 'idle' } | { kind: 'running'; phase: TestPhase } | Exclude<EnhancementTestOutcome, { kind: 'canceled' }>;

export interface EnhancementTestInput {
  file: File;
  prompt: string;
  templateId: string | null;
  style?: StagingStyle | null;
}

/**
 * Runs one full test at a time and keeps its state for the screen. Leaving the page (or starting over)
 * stops the polling at once; the server finishes the photo regardless.
 */
export function useEnhancementTest(calls: EnhancementTestCalls, log: DebugLogger) {
  const [state, setState] = useState<EnhancementTestState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async (input: EnhancementTestInput) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ kind: 'running', phase: { step: 'creating-project' } });
      let outcome: EnhancementTestOutcome;
      try {
        outcome = await runEnhancementTest(input, {
          ...calls,
          sleep: abortableSleep,
          now: () => new Date(),
          log,
          signal: abort.signal,
          onPhase: (phase) => {
            if (!abort.signal.aborted) setState({ kind: 'running', phase });
          },
        });
      } catch (error) {
        log('error', `Enhancement failed: ${describeError(error)}`);
        outcome = { kind: 'error', step: 'unexpected', detail: describeError(error) };
      }
      if (outcome.kind === 'canceled' || abort.signal.aborted) return;
      setState(outcome);
      const notice = outcomeNotice(outcome);
      if (notice) showToast({ variant: 'destructive', ...notice });
    },
    [calls, log],
  );

  /** Forgets the last result (a new image was chosen) and stops a test still polling. */
  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: 'idle' });
  }, []);

  return { state, run, reset };
}

/** The server's copy of the test photo, once the upload was accepted. */
export function testPhoto(state: EnhancementTestState): Photo | undefined {
  if (state.kind === 'running') return state.phase.step === 'polling' ? state.phase.photo : undefined;
  return state.kind === 'completed' || state.kind === 'failed' ? state.photo : undefined;
}

export function testProject(state: EnhancementTestState): Pick<Project, 'id' | 'name'> | undefined {
  return state.kind === 'completed' || state.kind === 'failed' || state.kind === 'timeout' ? state.project : undefined;
}
