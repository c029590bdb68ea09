import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { runPhotoWork, type LocalOperation, type PhotoWorkResult } from '@hearth/image-engine';
import type { HeadStartOutcome } from '../../infrastructure/metrics/metrics';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import type { HeadStartEdit, HeadStartPhoto, HeadStarts } from '../photos/service';

/**
 * A photo's preview, and its local engine's result when its template runs on it, made while the rest of its
 * batch still uploads (docs/decisions/105). The photo's rows only exist once the whole batch is taken, so the
 * work is kept aside, in a folder of its own, until the photo's first job takes it. The work waits behind
 * every job for the cores, so it only ever uses cores the queue leaves idle.
 */
interface Entry {
  /** The local operations the work ran with ('' for a preview alone): a job takes it only for the same ones. */
  operations: string;
  dir: string;
  /** On a core: a job waits for it rather than do the same work again. */
  running: boolean;
  cancelled: boolean;
  /** Undefined when the work failed or was cancelled: the job then does it itself and meets its error. */
  result: Promise<PhotoWorkResult | undefined>;
  expiry: NodeJS.Timeout;
}

/** Where a job wants the work's files. */
export interface HeadStartFiles {
  previewPath: string;
  thumbnailPath: string;
  enhance?: { outputPath: string; thumbnailPath: string };
}

interface HeadStartDeps {
  storage: ObjectStorage;
  tempDir: string;
  log: Logger;
  /** Runs a task on a core once no job's work is waiting for one. */
  idleCpu: <T>(task: () => Promise<T>) => Promise<T>;
  /** The local operations a version with this template and instructions runs, undefined for a provider. */
  operationsFor: (edit: HeadStartEdit) => readonly LocalOperation[] | undefined;
  /** Head starts kept at most: the rest of a larger backlog is done by the jobs. */
  maxEntries: number;
  /** A head start no job took in this long is given up (its photo's job ran on another process, or never). */
  keepMs: number;
  /** Told of each head start's end: a job took its work, or it was left unused. */
  onOutcome?: (outcome: HeadStartOutcome) => void;
}

const operationsKey = (operations: readonly LocalOperation[] | undefined) => operations?.join('+') ?? '';

export class PhotoHeadStarts implements HeadStarts {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: HeadStartDeps) {}

  begin(photo: HeadStartPhoto, edit: HeadStartEdit) {
    if (this.entries.has(photo.id) || this.entries.size >= this.deps.maxEntries) return;
    const operations = this.deps.operationsFor(edit);
    const entry: Entry = {
      operations: operationsKey(operations),
      // Named like a job's folder: the stale-temp sweep removes one a killed process left.
      dir: path.join(this.deps.tempDir, `job-head-start-${photo.id}`),
      running: false,
      cancelled: false,
      result: Promise.resolve(undefined),
      expiry: setTimeout(() => this.drop([photo.id]), this.deps.keepMs).unref(),
    };
    entry.result = this.work(entry, photo, operations).catch((error: unknown) => {
      this.deps.log.debug({ err: error, photoId: photo.id }, 'head start given up: the job will do the work');
      return undefined;
    });
    this.entries.set(photo.id, entry);
  }

  /**
   * The work begun for the photo with these operations, its files moved to where the job wants them;
   * undefined when there is none to wait for: the job then does it itself. Work not yet on a core is
   * cancelled, so the job's own turn comes first.
   */
  async take(
    photoId: string,
    operations: readonly LocalOperation[] | undefined,
    files: HeadStartFiles,
  ): Promise<PhotoWorkResult | undefined> {
    const entry = this.remove(photoId);
    if (!entry) return undefined;
    if (!entry.running || entry.operations !== operationsKey(operations)) {
      this.cancel(entry);
      return undefined;
    }
    try {
      const result = await entry.result;
      if (!result) {
        this.deps.onOutcome?.('unused');
        return undefined;
      }
      const { previewPath, thumbnailPath, enhance } = files;
      const moves = [
        rename(path.join(entry.dir, 'preview.jpg'), previewPath),
        rename(path.join(entry.dir, 'thumbnail.jpg'), thumbnailPath),
      ];
      if (enhance) {
        moves.push(rename(path.join(entry.dir, 'result.jpg'), enhance.outputPath));
        moves.push(rename(path.join(entry.dir, 'result-thumbnail.jpg'), enhance.thumbnailPath));
      }
      await Promise.all(moves);
      this.deps.onOutcome?.('taken');
      return result;
    } catch {
      this.deps.onOutcome?.('unused');
      return undefined;
    } finally {
      await rm(entry.dir, { recursive: true, force: true });
    }
  }

  drop(photoIds: readonly string[]) {
    for (const id of photoIds) {
      const entry = this.remove(id);
      if (entry) this.cancel(entry);
    }
  }

  private remove(photoId: string) {
    const entry = this.entries.get(photoId);
    if (!entry) return undefined;
    this.entries.delete(photoId);
    clearTimeout(entry.expiry);
    return entry;
  }

  /** Work on a core cannot be stopped: its folder goes once it ends. */
  private cancel(entry: Entry) {
    entry.cancelled = true;
    this.deps.onOutcome?.('unused');
    void entry.result.then(() => rm(entry.dir, { recursive: true, force: true }));
  }

  private async work(entry: Entry, photo: HeadStartPhoto, operations: readonly LocalOperation[] | undefined) {
    const file = (name: string) => path.join(entry.dir, name);
    if (entry.cancelled) return undefined;
    await mkdir(entry.dir, { recursive: true });
    await this.deps.storage.getFile(photo.originalKey, file('original'));
    return this.deps.idleCpu(async () => {
      if (entry.cancelled) return undefined;
      entry.running = true;
      const result = await runPhotoWork({
        input: { path: file('original'), type: photo.imageType },
        preview: { path: file('preview.jpg'), thumbnailPath: file('thumbnail.jpg') },
        enhance: operations && {
          outputPath: file('result.jpg'),
          thumbnailPath: file('result-thumbnail.jpg'),
          operations,
        },
      });
      await rm(file('original'), { force: true });
      return result;
    });
  }
}
