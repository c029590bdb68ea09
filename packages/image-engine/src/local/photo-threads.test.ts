import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { holdFreeMemory, releaseFreeMemory } from '../native/free-memory';
import { FIXTURE_PHOTOS_DIR } from '../test-support/fixtures';
import { runPhotoWork } from './photo-threads';
import { doPhotoWork, PhotoUnreadableError, type PhotoWork } from './photo-work';

vi.mock('../native/free-memory', () => ({ holdFreeMemory: vi.fn(), releaseFreeMemory: vi.fn() }));

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'hearth-photo-threads-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The preview, its thumbnail and the engine's result and thumbnail of one photo, in a folder of their own. */
function workIn(folder: string, input = path.join(FIXTURE_PHOTOS_DIR, 'exterior.jpg')): PhotoWork {
  const file = (name: string) => path.join(workDir, `${folder}-${name}`);
  return {
    input: { path: input, type: 'jpeg' },
    preview: { path: file('preview.jpg'), thumbnailPath: file('thumbnail.jpg') },
    enhance: {
      outputPath: file('result.jpg'),
      thumbnailPath: file('result-thumbnail.jpg'),
      operations: ['professional-enhancement', 'blue-sky'],
    },
  };
}

const filesOf = async (work: PhotoWork) =>
  Promise.all(
    [work.preview!.path, work.preview!.thumbnailPath, work.enhance!.outputPath, work.enhance!.thumbnailPath].map(
      (file) => readFile(file),
    ),
  );

describe('runPhotoWork', () => {
  it('writes on a photo thread exactly the files the work writes in this thread', async () => {
    const here = workIn('here');
    const expected = await doPhotoWork(here);
    // Two at once: each gets a thread of its own, and its own answer.
    const [onThread, alsoOnThread] = await Promise.all([runPhotoWork(workIn('thread')), runPhotoWork(workIn('other'))]);
    expect(onThread).toEqual(expected);
    expect(alsoOnThread).toEqual(expected);
    expect(expected.enhanced?.operations).toEqual(['professional-enhancement', 'blue-sky']);
    const want = await filesOf(here);
    for (const folder of ['thread', 'other']) {
      const got = await filesOf(workIn(folder));
      got.forEach((bytes, i) => expect(bytes.equals(want[i]!)).toBe(true));
    }
  }, 60_000);

  it('says a photo that cannot be decoded is unreadable, and the thread goes on working', async () => {
    const broken = path.join(workDir, 'broken.jpg');
    await writeFile(broken, (await readFile(path.join(FIXTURE_PHOTOS_DIR, 'exterior.jpg'))).subarray(0, 2000));
    await expect(runPhotoWork(workIn('broken', broken))).rejects.toBeInstanceOf(PhotoUnreadableError);
    const after = await runPhotoWork({ ...workIn('after'), enhance: undefined });
    expect(after.enhanced).toBeUndefined();
    expect(after.width).toBeGreaterThan(0);
  }, 60_000);
});

describe('the allocator around a burst of photos', () => {
  it('holds free memory from the first photo to a second after the last, then releases it once', async () => {
    vi.mocked(holdFreeMemory).mockClear();
    vi.mocked(releaseFreeMemory).mockClear();
    const first = runPhotoWork({ ...workIn('burst-1'), enhance: undefined });
    const second = runPhotoWork({ ...workIn('burst-2'), enhance: undefined });
    await Promise.all([first, second]);
    expect(holdFreeMemory).toHaveBeenCalledTimes(1);
    expect(releaseFreeMemory).not.toHaveBeenCalled();
    // A photo within the second keeps the burst going: nothing is released in between.
    await runPhotoWork({ ...workIn('burst-3'), enhance: undefined });
    await vi.waitFor(() => expect(releaseFreeMemory).toHaveBeenCalledTimes(1), { timeout: 3000, interval: 50 });
    expect(vi.mocked(releaseFreeMemory).mock.invocationCallOrder[0]).toBeGreaterThan(
      Math.max(...vi.mocked(holdFreeMemory).mock.invocationCallOrder),
    );
  }, 60_000);
});
