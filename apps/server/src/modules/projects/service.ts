import { projectSessionName, type CreateProjectInput, type Project } from '@hearth/contracts';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { photoFileKeys } from '../photos/service';
import type { ObjectStorage } from '../storage/storage';
import { assertCanUpload } from '../usage/service';
import { toProject } from './dto';
import {
  deleteProjectRow,
  findProjectForUser,
  firstPhotoIds,
  insertProject,
  listProjectsForUser,
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

/** Deletes the rows first (the user sees the project gone at once), then the files. */
export async function deleteProject(
  { db, storage, log }: { db: Db; storage: ObjectStorage; log: Logger },
  userId: string,
  projectId: string,
) {
  await requireProject(db, userId, projectId);
  const keys = await photoFileKeys(db, [projectId]);
  if (!(await deleteProjectRow(db, userId, projectId))) throw notFound('Project not found');
  await deleteFiles(storage, keys, log);
}

export async function deleteFiles(storage: ObjectStorage, keys: string[], log: Logger) {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (failed) log.warn({ failed, total: keys.length }, 'some files could not be deleted');
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
