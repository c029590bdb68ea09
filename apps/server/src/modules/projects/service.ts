import { projectSessionName, type CreateProjectInput, type Project } from '@hearth/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { photoFileKeys } from '../photos/service';
import type { ObjectStorage } from '../storage/storage';
import { assertCanUpload } from '../usage/service';
import { toProject } from './dto';
import {
  deleteProjectRows,
  findProjectForUser,
  firstPhotoIds,
  insertProject,
  listProjectsForUser,
  lockProjectForDelete,
  lockProject,
  recomputeProject,
} from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createProject(
  db: Db,
  userId: string,
  input: CreateProjectInput,
  { now = new Date(), retentionDays }: { now?: Date; retentionDays: number },
): Promise<Project> {
  await assertCanUpload(db, userId, now);
  const row = await insertProject(db, {
    userId,
    name: input.name ?? projectSessionName(now),
    status: 'uploading',
    expiresAt: new Date(now.getTime() + retentionDays * DAY_MS),
    createdAt: now,
  });
  return toProject(row, null);
}

export async function listProjects(db: Db, userId: string): Promise<Project[]> {
  const rows = await listProjectsForUser(db, userId);
  const firstPhotos = await firstPhotoIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toProject(row, firstPhotos.get(row.id) ?? null));
}

export async function getProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const row = await requireProject(db, userId, projectId);
  const firstPhotos = await firstPhotoIds(db, [row.id]);
  return toProject(row, firstPhotos.get(row.id) ?? null);
}

export async function requireProject(db: Db, userId: string, projectId: string) {
  const row = await findProjectForUser(db, userId, projectId);
  if (!row) throw notFound('Project not found');
  return row;
}

/** Deletes the project, its photos and their files; nothing is left if it fails (then it may be retried). */
export async function deleteProject(
  { db, storage, log }: { db: Db; storage: ObjectStorage; log: Logger },
  userId: string,
  projectId: string,
) {
  await requireProject(db, userId, projectId);
  try {
    if (!(await deleteProjectWithFiles({ db, storage }, projectId, { userId }))) throw notFound('Project not found');
  } catch (error) {
    if (!(error instanceof FilesNotDeletedError)) throw error;
    log.warn({ err: error, projectId }, 'project kept: some of its files could not be deleted');
    throw new HttpError(503, 'Failed to delete project. Please try again.', 'DELETE_FAILED');
  }
}

/** Some of a project's files could not be deleted; the project and its photos were kept. */
export class FilesNotDeletedError extends Error {
  constructor(
    readonly failed: number,
    readonly total: number,
    options: ErrorOptions,
  ) {
    super(`${failed} of ${total} files could not be deleted`, options);
  }
}

/**
 * Deletes a project with its photos and every file they may have, so that a failure or a crash at any
 * point leaves no row without its files and no file without its row: the rows are deleted in a transaction
 * that commits only once every file is gone. A failed file deletion rolls the rows back (FilesNotDeletedError)
 * and the next try deletes what is left; deleting a missing file is not an error.
 *
 * The rows are deleted before the files, inside the transaction, so a job or an upload of the project that
 * writes a file meanwhile waits on those rows (or the project's lock), then finds them gone and removes what
 * it wrote; the storage keys are derived from the photo ids, so files not yet recorded on a row go too.
 * False when no project matched (already deleted, someone else's, or not expired).
 */
export async function deleteProjectWithFiles(
  { db, storage }: { db: Db; storage: ObjectStorage },
  projectId: string,
  condition: { userId: string } | { expiredBefore: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockProjectForDelete(tx, projectId, condition))) return false;
    const keys = await photoFileKeys(tx, [projectId]);
    await deleteProjectRows(tx, projectId);
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const failures = results.filter((r) => r.status === 'rejected');
    if (failures.length) {
      throw new FilesNotDeletedError(failures.length, keys.length, { cause: failures[0]!.reason });
    }
    return true;
  });
}

/**
 * Serialises photo changes of one project: call first in a transaction that changes a photo and then its
 * project's counters, so every such transaction takes the project lock before any photo's.
 */
export async function lockProjectForUpdate(db: Db, projectId: string) {
  await lockProject(db, projectId);
}

/** Re-derives a project's status and counters from its photos (call after any photo change). */
export async function refreshProjectCounters(db: Db, projectId: string) {
  await recomputeProject(db, projectId);
}
