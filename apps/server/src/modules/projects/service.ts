import { randomBytes } from 'node:crypto';
import {
  projectSessionName,
  type CreateProjectInput,
  type Project,
  type UpdateProjectInput,
  updateProjectSchema,
} from '@hearth/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import type { ObjectStorage } from '../../infrastructure/storage/object-storage';
import { assertCanUpload } from '../access/service';
import { publicListingPath, toProject } from './dto';
import type { ProjectListCache } from './list-cache';
import {
  countProjectsNamedLike,
  deleteProjectRows,
  findExpiredProjectIds,
  findProjectByPublicToken,
  findProjectForUser,
  insertProject,
  listProjectsForUser,
  lockProject,
  lockProjectForDelete,
  type ProjectCounters,
  updateProjectRow,
  writeCounters,
} from './repository';

export type { ProjectCounters } from './repository';
export { ProjectListCache } from './list-cache';

/**
 * Every storage key the files of a project's photos may have. The photos module answers it (it depends on
 * this module, so it is passed in where projects are deleted rather than imported).
 */
export type ProjectFileKeys = (db: Db, projectId: string) => Promise<string[]>;

export interface ProjectDeletionDeps {
  db: Db;
  storage: ObjectStorage;
  fileKeysOf: ProjectFileKeys;
}

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
    name: input.name ?? (await distinctSessionName(db, userId, now)),
    status: 'uploading',
    expiresAt: new Date(now.getTime() + retentionDays * DAY_MS),
    createdAt: now,
  });
  return toProject(row);
}

/**
 * The session name of a new project ('Afternoon Session - Sep 8 12:43'), with ' (2)', ' (3)' … when the user
 * already has projects of that minute: two batches sent in one minute must not look the same in the list.
 */
async function distinctSessionName(db: Db, userId: string, now: Date): Promise<string> {
  const name = projectSessionName(now);
  const taken = await countProjectsNamedLike(db, userId, name);
  return taken === 0 ? name : `${name} (${taken + 1})`;
}

/** With `cache` (the embedded database only, see list-cache.ts), the full list is served from it. */
export async function listProjects(
  db: Db,
  userId: string,
  search?: string,
  cache?: ProjectListCache,
): Promise<Project[]> {
  const load = () => listProjectsForUser(db, userId, search);
  const rows = cache && !search?.trim() ? await cache.rowsOf(userId, load) : await load();
  return rows.map(toProject);
}

/** Renames the project, sets or clears its listing address and MLS number, picks its disclosure profile. */
export async function updateProject(db: Db, userId: string, projectId: string, input: UpdateProjectInput) {
  const values = updateProjectSchema.parse(input);
  await requireProject(db, userId, projectId);
  const row = await updateProjectRow(db, userId, projectId, values);
  if (!row) throw notFound('Project not found');
  return toProject(row);
}

/**
 * Publishes the listing's originals page at an unguessable address (144 random bits), or keeps the one it
 * has. Revoking it (unpublish) makes that address 404 for good; publishing again makes a new one.
 */
export async function publishProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const current = await requireProject(db, userId, projectId);
  if (current.publicToken) return toProject(current);
  const row = await updateProjectRow(db, userId, projectId, {
    publicToken: randomBytes(18).toString('base64url'),
    publishedAt: new Date(),
  });
  if (!row) throw notFound('Project not found');
  return toProject(row);
}

/** Takes the originals page down; past its retention date the project is then deleted by the next sweep. */
export async function unpublishProject(db: Db, userId: string, projectId: string): Promise<Project> {
  await requireProject(db, userId, projectId);
  const row = await updateProjectRow(db, userId, projectId, { publicToken: null, publishedAt: null });
  if (!row) throw notFound('Project not found');
  return toProject(row);
}

/** A published listing by its page's token, for the public page: no user is involved. */
export async function findPublishedProject(db: Db, token: string) {
  // Tokens are base64url of 18 bytes; anything else cannot match, so it is not looked up.
  if (!/^[\w-]{24}$/.test(token)) return undefined;
  return findProjectByPublicToken(db, token);
}

export { publicListingPath };
export type { ProjectRow } from './repository';

export async function getProject(db: Db, userId: string, projectId: string): Promise<Project> {
  return toProject(await requireProject(db, userId, projectId));
}

export async function requireProject(db: Db, userId: string, projectId: string) {
  const row = await findProjectForUser(db, userId, projectId);
  if (!row) throw notFound('Project not found');
  return row;
}

/** Deletes the project, its photos and their files; nothing is left if it fails (then it may be retried). */
export async function deleteProject(deps: ProjectDeletionDeps & { log: Logger }, userId: string, projectId: string) {
  const { db, log } = deps;
  await requireProject(db, userId, projectId);
  try {
    if (!(await deleteProjectWithFiles(deps, projectId, { userId }))) throw notFound('Project not found');
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
async function deleteProjectWithFiles(
  { db, storage, fileKeysOf }: ProjectDeletionDeps,
  projectId: string,
  condition: { userId: string } | { expiredBefore: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockProjectForDelete(tx, projectId, condition))) return false;
    const keys = await fileKeysOf(tx, projectId);
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

/** Records what the photos module counted (call under lockProjectForUpdate, after any photo change). */
export async function setProjectCounters(db: Db, projectId: string, counters: ProjectCounters) {
  await writeCounters(db, projectId, counters);
}

const EXPIRED_BATCH = 100;

/**
 * Deletes the projects past their retention date, with their photos and files. Resumable: a project is
 * deleted whole or not at all, so a failed file deletion or a crash at any point leaves it for the next
 * call, which deletes what is left. Safe in two processes at once: each project is deleted once.
 */
export async function deleteExpiredProjects(
  deps: ProjectDeletionDeps & { log: Logger },
  now = new Date(),
): Promise<{ deleted: number; kept: number }> {
  const result = { deleted: 0, kept: 0 };
  // Walks the expired projects by id, so a project kept by a failure is not met again in this call.
  let after: string | undefined;
  for (;;) {
    const expired = await findExpiredProjectIds(deps.db, now, after, EXPIRED_BATCH);
    if (!expired.length) return result;
    for (const id of expired) {
      try {
        if (await deleteProjectWithFiles(deps, id, { expiredBefore: now })) result.deleted++;
      } catch (error) {
        if (!(error instanceof FilesNotDeletedError)) throw error;
        result.kept++;
        deps.log.warn({ err: error, projectId: id }, 'expired project kept for the next sweep: files not deleted');
      }
    }
    after = expired.at(-1)!;
  }
}
