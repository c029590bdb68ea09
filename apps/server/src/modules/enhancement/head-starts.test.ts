import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readImageInfo, type LocalOperation } from '@hearth/image-engine';
import { makeJpeg } from '@hearth/image-engine/test-support';
import { createLocalStorage } from '../../infrastructure/storage/local-files';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import { PhotoHeadStarts } from './head-starts';

const ENHANCE: readonly LocalOperation[] = ['professional-enhancement'];

let root: string;
let tempDir: string;
let storage: ObjectStorage;
/** Tasks the fake core holds until the test lets them run: a busy queue. */
let held: (() => void)[];
let holdCores: boolean;
let outcomes: string[];

function headStarts(overrides: Partial<ConstructorParameters<typeof PhotoHeadStarts>[0]> = {}) {
  return new PhotoHeadStarts({
    storage,
    tempDir,
    log: pino({ level: 'silent' }),
    idleCpu: (task) =>
      holdCores ? new Promise<void>((resolve) => held.push(resolve)).then(task) : Promise.resolve().then(task),
    operationsFor: ({ templateId }) => (templateId === 'professional-enhancement' ? ENHANCE : undefined),
    maxEntries: 4,
    keepMs: 60_000,
    onOutcome: (outcome) => outcomes.push(outcome),
    ...overrides,
  });
}

async function storePhoto(id: string) {
  const key = `originals/${id}`;
  await storage.put(key, Readable.from([await makeJpeg(320, 240)]), 'image/jpeg');
  return { id, originalKey: key, imageType: 'jpeg' as const };
}

const enhanceEdit = { templateId: 'professional-enhancement', customPrompt: null };
const filesIn = (dir: string) => ({
  previewPath: path.join(dir, 'preview.jpg'),
  thumbnailPath: path.join(dir, 'thumbnail.jpg'),
  enhance: { outputPath: path.join(dir, 'result.jpg'), thumbnailPath: path.join(dir, 'result-thumbnail.jpg') },
});
const leftFolders = async () => (await readdir(tempDir)).filter((name) => name.startsWith('job-head-start-'));

/** Waits until the head start's folder is gone: work on a core is never stopped, only cleared after. */
async function untilNoFolders() {
  for (let i = 0; i < 200 && (await leftFolders()).length; i++) await new Promise((r) => setTimeout(r, 10));
  return leftFolders();
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'head-starts-'));
  tempDir = path.join(root, 'tmp');
  await mkdir(tempDir);
  storage = createLocalStorage(path.join(root, 'files'));
  held = [];
  holdCores = false;
  outcomes = [];
});
afterEach(async () => rm(root, { recursive: true, force: true }));

describe('PhotoHeadStarts', () => {
  it('hands a job the preview and result made while the batch uploaded, and keeps nothing after', async () => {
    const starts = headStarts();
    const photo = await storePhoto('a');
    holdCores = true;
    starts.begin(photo, enhanceEdit);
    await until(() => held.length === 1);
    held.shift()!();
    const jobDir = await mkdtemp(path.join(root, 'job-'));
    const result = await starts.take('a', ENHANCE, filesIn(jobDir));

    expect(result?.enhanced?.operations).toEqual(ENHANCE);
    expect(await readImageInfo(path.join(jobDir, 'result.jpg'), 'jpeg')).toMatchObject({ width: 320, height: 240 });
    for (const name of ['preview.jpg', 'thumbnail.jpg', 'result-thumbnail.jpg']) {
      expect((await stat(path.join(jobDir, name))).size).toBeGreaterThan(0);
    }
    expect(await leftFolders()).toEqual([]);
    // Taken once: a second version of the photo makes its own.
    expect(await starts.take('a', ENHANCE, filesIn(jobDir))).toBeUndefined();
    expect(outcomes).toEqual(['taken']);
  });

  it('makes a preview alone for a photo a provider will stage', async () => {
    const starts = headStarts();
    holdCores = true;
    starts.begin(await storePhoto('b'), { templateId: 'modern-staging', customPrompt: null });
    await until(() => held.length === 1);
    held.shift()!();
    const jobDir = await mkdtemp(path.join(root, 'job-'));
    // A job that finds the work on a core waits for it.
    const result = await starts.take('b', undefined, { ...filesIn(jobDir), enhance: undefined });
    expect(result?.enhanced).toBeUndefined();
    expect(await readFile(path.join(jobDir, 'preview.jpg'))).not.toHaveLength(0);
  });

  it('gives the job nothing for other operations, or when the work has not reached a core', async () => {
    const starts = headStarts();
    starts.begin(await storePhoto('c'), enhanceEdit);
    const jobDir = await mkdtemp(path.join(root, 'job-'));
    expect(await starts.take('c', ['blue-sky'], filesIn(jobDir))).toBeUndefined();
    expect(await untilNoFolders()).toEqual([]);

    holdCores = true;
    starts.begin(await storePhoto('d'), enhanceEdit);
    await until(() => held.length === 1);
    expect(await starts.take('d', ENHANCE, filesIn(jobDir))).toBeUndefined();
    held.shift()!(); // the core comes free: the cancelled work does nothing
    expect(await untilNoFolders()).toEqual([]);
    expect(await readdir(jobDir)).toEqual([]);
    expect(outcomes).toEqual(['unused', 'unused']);
  });

  it('removes what a refused batch began, keeps at most maxEntries, and gives up unclaimed work', async () => {
    const starts = headStarts({ maxEntries: 2 });
    for (const id of ['e', 'f', 'g']) starts.begin(await storePhoto(id), enhanceEdit);
    starts.drop(['e', 'f']);
    // 'g' was over the limit: never begun.
    expect(await starts.take('g', ENHANCE, filesIn(await mkdtemp(path.join(root, 'job-'))))).toBeUndefined();
    expect(await untilNoFolders()).toEqual([]);

    const expiring = headStarts({ keepMs: 50 });
    expiring.begin(await storePhoto('h'), enhanceEdit);
    await new Promise((r) => setTimeout(r, 100));
    expect(await untilNoFolders()).toEqual([]);
    expect(await expiring.take('h', ENHANCE, filesIn(await mkdtemp(path.join(root, 'job-'))))).toBeUndefined();
    expect(outcomes).toEqual(['unused', 'unused', 'unused']);
  });

  it('gives the job nothing when the original cannot be read, so the job meets the error itself', async () => {
    const starts = headStarts();
    await storage.put('originals/broken', Readable.from([Buffer.from('not a jpeg at all')]), 'image/jpeg');
    holdCores = true;
    starts.begin({ id: 'i', originalKey: 'originals/broken', imageType: 'jpeg' }, enhanceEdit);
    await until(() => held.length === 1);
    held.shift()!();
    expect(await starts.take('i', ENHANCE, filesIn(await mkdtemp(path.join(root, 'job-'))))).toBeUndefined();
    expect(await untilNoFolders()).toEqual([]);
    expect(outcomes).toEqual(['unused']);
  });
});

async function until(condition: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('condition never held');
}
