import type { Photo, Project, StagingStyle, UploadResponse } from '@hearth/contracts';
import { errorMessage } from '../../lib/api-client';
import { debugProjectName } from './debug-project-name';
import type { LogLevel } from './debug-log';
import { formatFileSize } from './debug-log';
import { MAX_POLL_ATTEMPTS, pollForResult, type PollOptions } from './enhancement-poll';

export interface TestPhotoUpload {
  projectId: string;
  file: File;
  prompt: string;
  templateId: string | null;
  /** A staging template's style (issue 12); left out for anything else. */
  style?: StagingStyle | null;
}

/** The calls the test makes, passed in by the page (they belong to other features) and faked in tests. */
export interface EnhancementTestDeps {
  createProject: (name: string) => Promise<Pick<Project, 'id' | 'name'>>;
  uploadPhoto: (upload: TestPhotoUpload) => Promise<UploadResponse>;
  fetchPhotos: (projectId: string) => Promise<readonly Photo[]>;
  deleteProject: (projectId: string) => Promise<void>;
  sleep: PollOptions['sleep'];
  now: () => Date;
  log: (level: LogLevel, message: string) => void;
  /** Where the test is, for the screen: the photo is the server's copy once the upload is accepted. */
  onPhase?: (phase: TestPhase) => void;
  signal?: AbortSignal;
}

export type TestPhase =
  { step: 'creating-project' } | { step: 'uploading' } | { step: 'polling'; attempt: number; photo: Photo };

export type EnhancementTestOutcome =
  | { kind: 'completed'; project: Pick<Project, 'id' | 'name'>; photo: Photo }
  | { kind: 'failed'; project: Pick<Project, 'id' | 'name'>; photo: Photo }
  | { kind: 'timeout'; project: Pick<Project, 'id' | 'name'> }
  /** `detail` is the server's message for a refused call, or what went wrong otherwise. */
  | { kind: 'error'; step: 'create-project' | 'upload' | 'unexpected'; detail: string | undefined }
  | { kind: 'canceled' };

export const describeError = (error: unknown) =>
  errorMessage(error) ?? (error instanceof Error ? error.message : String(error));

/**
 * SPEC §4 debug test flow: create a project named 'Debug Test' plus the time, upload the one image with
 * the prompt (and the picked template's id), then poll its photos every 2 s, at most 30 times. Each
 * step is written to the debug log. A project whose upload was refused is deleted again, so refused
 * tests leave no empty projects on the dashboard.
 */
export async function runEnhancementTest(
  input: { file: File; prompt: string; templateId: string | null; style?: StagingStyle | null },
  deps: EnhancementTestDeps,
): Promise<EnhancementTestOutcome> {
  const { log, signal } = deps;
  const prompt = input.prompt.trim();
  const name = debugProjectName(deps.now());

  deps.onPhase?.({ step: 'creating-project' });
  log('info', `Creating project "${name}"...`);
  let project: Pick<Project, 'id' | 'name'>;
  try {
    project = await deps.createProject(name);
  } catch (error) {
    log('error', `Failed to create project: ${describeError(error)}`);
    return { kind: 'error', step: 'create-project', detail: errorMessage(error) };
  }
  log('info', `Project created: "${project.name}" (${project.id})`);
  if (signal?.aborted) return { kind: 'canceled' };

  deps.onPhase?.({ step: 'uploading' });
  const template = input.templateId
    ? `template ${input.templateId}${input.style ? ` (${input.style})` : ''}`
    : 'no template';
  log(
    'info',
    `Uploading ${input.file.name} (${formatFileSize(input.file.size)}) with ${template} and a ${prompt.length}-character prompt...`,
  );
  let photo: Photo;
  try {
    const response = await deps.uploadPhoto({
      projectId: project.id,
      file: input.file,
      prompt,
      templateId: input.templateId,
      style: input.style ?? null,
    });
    const uploaded = response.photos[0];
    if (!uploaded) throw new Error('The server accepted the upload but returned no photo.');
    photo = uploaded;
  } catch (error) {
    log('error', `Failed to upload and enhance: ${describeError(error)}`);
    await deps.deleteProject(project.id).then(
      () => log('info', `Deleted the empty project "${project.name}"`),
      (deleteError: unknown) => log('error', `Could not delete the empty project: ${describeError(deleteError)}`),
    );
    return { kind: 'error', step: 'upload', detail: errorMessage(error) };
  }
  log('success', `Upload accepted: photo ${photo.id} is ${photo.status}`);
  deps.onPhase?.({ step: 'polling', attempt: 0, photo });

  log('info', `Polling for the result every 2 seconds, at most ${MAX_POLL_ATTEMPTS} times...`);
  let lastStatus: string | undefined = photo.status;
  const outcome = await pollForResult({
    photoId: photo.id,
    fetchPhotos: () => deps.fetchPhotos(project.id),
    sleep: deps.sleep,
    signal,
    onWaiting: (attempt, current) => {
      const status = current?.status ?? 'not listed yet';
      // One line per poll would bury the log; a line when the status changes, and every fifth poll.
      if (status !== lastStatus || attempt % 5 === 0) {
        log('info', `Poll ${attempt} of ${MAX_POLL_ATTEMPTS}: photo is ${status}`);
      }
      lastStatus = status;
      deps.onPhase?.({ step: 'polling', attempt, photo: current ?? photo });
    },
    onPollError: (attempt, error) =>
      log('error', `Poll ${attempt} of ${MAX_POLL_ATTEMPTS} failed: ${describeError(error)}. Retrying...`),
  });

  switch (outcome.kind) {
    case 'completed': {
      const done = outcome.photo;
      const by = done.engine ? ` by the ${done.engine} engine` : '';
      const operations = done.operations.length ? ` (${done.operations.join(', ')})` : '';
      log('success', `Enhancement completed${by}${operations}`);
      for (const note of done.notes) log('info', `Note: ${note}`);
      if (done.needsReview) log('info', `Needs review: ${done.reviewReason ?? 'no reason given'}`);
      return { kind: 'completed', project, photo: done };
    }
    case 'failed':
      log('error', `Enhancement failed${outcome.photo.error ? `: ${outcome.photo.error}` : ''}`);
      return { kind: 'failed', project, photo: outcome.photo };
    case 'timeout':
      log('error', `Timeout - Enhancement took too long (${outcome.attempts} polls)`);
      return { kind: 'timeout', project };
    case 'canceled':
      return outcome;
  }
}

export interface Notice {
  title: string;
  description?: string;
}

/** SPEC §8 wording for how a test ended; null when the result on screen says it all. */
export function outcomeNotice(outcome: EnhancementTestOutcome): Notice | null {
  switch (outcome.kind) {
    case 'completed':
    case 'canceled':
      return null;
    case 'failed':
      return { title: 'Enhancement Failed', description: 'The image enhancement process failed' };
    case 'timeout':
      return { title: 'Timeout', description: 'Enhancement took too long' };
    case 'error': {
      const title = {
        'create-project': 'Failed to create project',
        upload: 'Failed to upload and enhance',
        unexpected: 'Enhancement failed',
      }[outcome.step];
      return outcome.detail ? { title, description: outcome.detail } : { title };
    }
  }
}
