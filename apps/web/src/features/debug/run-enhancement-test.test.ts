import type { Photo, UploadResponse } from '@hearth/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import type { LogLevel } from './debug-log';
import {
  outcomeNotice,
  runEnhancementTest,
  type EnhancementTestDeps,
  type TestPhase,
  type TestPhotoUpload,
} from './run-enhancement-test';
import { completedPhoto, photoFixture } from './test-photo';

const project = {
  id: 'project-1',
  name: 'Debug Test 14:05:09',
  status: 'processing' as const,
  createdAt: '2026-03-02T14:05:09.000Z',
  expiresAt: '2026-04-01T14:05:09.000Z',
  totalPhotos: 1,
  processedPhotos: 0,
  completedPhotos: 0,
  failedPhotos: 0,
  reviewPhotos: 0,
  thumbnailUrl: null,
  address: null,
  mlsNumber: null,
  disclosureProfile: 'generic' as const,
  publicUrl: null,
  publishedAt: null,
  keepFurnitureConsistent: false,
};

const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'exterior.jpg', { type: 'image/jpeg' });
const input = { file, prompt: '  Enhance like a pro.  ', templateId: 'professional-enhancement' };

/** The calls of a test, answering as a healthy server would unless overridden. */
function fakeDeps(
  overrides: Partial<EnhancementTestDeps> = {},
  photoLists: Array<readonly Photo[]> = [[completedPhoto()]],
) {
  const lines: Array<[LogLevel, string]> = [];
  const onPhase = vi.fn<(phase: TestPhase) => void>();
  let poll = 0;
  const deps = {
    createProject: vi.fn(async (name: string) => ({ id: project.id, name })),
    uploadPhoto: vi.fn(async (_upload: TestPhotoUpload): Promise<UploadResponse> => ({
      project,
      photos: [photoFixture({ status: 'waiting' })],
      refused: [],
    })),
    fetchPhotos: vi.fn(async () => photoLists[Math.min(poll++, photoLists.length - 1)]!),
    deleteProject: vi.fn(async () => undefined),
    sleep: vi.fn(async () => undefined),
    now: () => new Date(2026, 2, 2, 14, 5, 9),
    log: (level: LogLevel, message: string) => void lines.push([level, message]),
    onPhase,
    ...overrides,
  };
  return { deps, lines, onPhase };
}

const httpError = (status: number, body: object) => new ApiError(status, body);

describe('runEnhancementTest', () => {
  it("sends a staging template's style with the upload and names it in the log", async () => {
    const { deps, lines } = fakeDeps();
    await runEnhancementTest({ ...input, templateId: 'living-room', style: 'Scandinavian' }, deps);
    expect(deps.uploadPhoto).toHaveBeenCalledWith(expect.objectContaining({ style: 'Scandinavian' }));
    expect(lines.some(([, line]) => line.includes('template living-room (Scandinavian)'))).toBe(true);
  });

  it("creates 'Debug Test' plus the time, uploads the trimmed prompt with the template id, and ends on completion", async () => {
    const { deps, lines, onPhase } = fakeDeps({}, [[photoFixture()], [completedPhoto({ notes: ['No sky found.'] })]]);
    const outcome = await runEnhancementTest(input, deps);

    expect(deps.createProject).toHaveBeenCalledWith('Debug Test 14:05:09');
    expect(deps.uploadPhoto).toHaveBeenCalledWith({
      projectId: 'project-1',
      file,
      prompt: 'Enhance like a pro.',
      templateId: 'professional-enhancement',
      style: null,
    });
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(2);
    expect(deps.fetchPhotos).toHaveBeenCalledWith('project-1');
    expect(outcome).toMatchObject({ kind: 'completed', project: { id: 'project-1' }, photo: { status: 'completed' } });
    expect(deps.deleteProject).not.toHaveBeenCalled();
    expect(onPhase.mock.calls.map(([phase]) => phase.step)).toEqual([
      'creating-project',
      'uploading',
      'polling',
      'polling',
    ]);
    expect(lines).toContainEqual(['success', 'Enhancement completed by the local engine (professional-enhancement)']);
    expect(lines).toContainEqual(['info', 'Note: No sky found.']);
    expect(outcomeNotice(outcome)).toBeNull();
  });

  it('reports a refused project with the server message and uploads nothing', async () => {
    const { deps, lines } = fakeDeps({
      createProject: vi.fn(async () => {
        throw httpError(403, { message: 'Start your free trial to upload photos.', code: 'ACCESS_RESTRICTED' });
      }),
    });
    const outcome = await runEnhancementTest(input, deps);
    expect(outcome).toEqual({
      kind: 'error',
      step: 'create-project',
      detail: 'Start your free trial to upload photos.',
    });
    expect(deps.uploadPhoto).not.toHaveBeenCalled();
    expect(outcomeNotice(outcome)).toEqual({
      title: 'Failed to create project',
      description: 'Start your free trial to upload photos.',
    });
    expect(lines.at(-1)).toEqual(['error', 'Failed to create project: Start your free trial to upload photos.']);
  });

  it("shows the server's refusal of the upload and deletes the project it left empty", async () => {
    const refusal = 'Custom instructions need an AI image provider, and none is configured on this server.';
    const { deps } = fakeDeps({
      uploadPhoto: vi.fn(async () => {
        throw httpError(422, { message: refusal, code: 'CUSTOM_PROMPT_UNAVAILABLE' });
      }),
    });
    const outcome = await runEnhancementTest({ ...input, templateId: null }, deps);
    expect(outcome).toEqual({ kind: 'error', step: 'upload', detail: refusal });
    expect(deps.deleteProject).toHaveBeenCalledWith('project-1');
    expect(deps.fetchPhotos).not.toHaveBeenCalled();
    expect(outcomeNotice(outcome)).toEqual({ title: 'Failed to upload and enhance', description: refusal });
  });

  it("falls back to 'Failed to upload and enhance' alone when the server said nothing usable", async () => {
    const { deps, lines } = fakeDeps({
      uploadPhoto: vi.fn(async () => {
        throw new Error('502: Bad Gateway');
      }),
      deleteProject: vi.fn(async () => {
        throw new Error('500: Internal Server Error');
      }),
    });
    const outcome = await runEnhancementTest(input, deps);
    expect(outcomeNotice(outcome)).toEqual({ title: 'Failed to upload and enhance' });
    expect(lines).toContainEqual(['error', 'Failed to upload and enhance: 502: Bad Gateway']);
    expect(lines).toContainEqual(['error', 'Could not delete the empty project: 500: Internal Server Error']);
  });

  it('ends on a failed photo with the SPEC message and logs its error', async () => {
    const { deps, lines } = fakeDeps({}, [
      [photoFixture({ status: 'failed', error: 'The image could not be decoded.' })],
    ]);
    const outcome = await runEnhancementTest(input, deps);
    expect(outcome.kind).toBe('failed');
    expect(outcomeNotice(outcome)).toEqual({
      title: 'Enhancement Failed',
      description: 'The image enhancement process failed',
    });
    expect(lines.at(-1)).toEqual(['error', 'Enhancement failed: The image could not be decoded.']);
  });

  it('times out after 30 polls with the SPEC message, logging failed polls and retrying them', async () => {
    let calls = 0;
    const { deps, lines } = fakeDeps({
      fetchPhotos: vi.fn(async () => {
        if (++calls === 3) throw new Error('503: Service Unavailable');
        return [photoFixture()];
      }),
    });
    const outcome = await runEnhancementTest(input, deps);
    expect(outcome).toMatchObject({ kind: 'timeout', project: { id: 'project-1' } });
    expect(deps.fetchPhotos).toHaveBeenCalledTimes(30);
    expect(deps.sleep).toHaveBeenCalledTimes(30);
    expect(deps.sleep).toHaveBeenCalledWith(2000, undefined);
    expect(lines).toContainEqual(['error', 'Poll 3 of 30 failed: 503: Service Unavailable. Retrying...']);
    expect(outcomeNotice(outcome)).toEqual({ title: 'Timeout', description: 'Enhancement took too long' });
  });

  it('stops quietly when the page is left during the upload', async () => {
    const controller = new AbortController();
    const { deps } = fakeDeps({
      signal: controller.signal,
      uploadPhoto: vi.fn(async () => {
        controller.abort();
        return { project, photos: [photoFixture({ status: 'waiting' })], refused: [] };
      }),
    });
    const outcome = await runEnhancementTest(input, deps);
    expect(outcome).toEqual({ kind: 'canceled' });
    expect(deps.fetchPhotos).not.toHaveBeenCalled();
    expect(outcomeNotice(outcome)).toBeNull();
  });

  it("names an unexpected error 'Enhancement failed'", () => {
    expect(outcomeNotice({ kind: 'error', step: 'unexpected', detail: 'boom' })).toEqual({
      title: 'Enhancement failed',
      description: 'boom',
    });
  });
});
