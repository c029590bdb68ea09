import { randomUUID } from 'node:crypto';
import type { CreateVersionsResponse, PhotoVersion } from '@hearth/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import type { Queue } from '../../infrastructure/queue/queue';
import { assertCanUpload } from '../access/service';
import {
  findTemplate,
  requestedTemplateId,
  resolveRequest,
  type EngineAvailability,
  type EnhancementRequest,
} from '../templates/service';
import { reserveForUpload } from '../usage/service';
import { toPhoto, toVersion } from './dto';
import { changeInProject, syncPhoto } from './progress';
import { findPhoto, findPhotoForUser, updatePhoto, type PhotoRow } from './repository';
import {
  insertVersions,
  listVersionsOfPhoto,
  nextVersionNumber,
  type NewVersion,
  type VersionRow,
} from './version-repository';

export async function listPhotoVersions(db: Db, userId: string, photoId: string): Promise<PhotoVersion[]> {
  const photo = await requirePhoto(db, userId, photoId);
  return (await listVersionsOfPhoto(db, photoId)).map((v) => toVersion(v, photo.chosenVersionId));
}

interface CreateDeps {
  db: Db;
  queue: Queue;
  engines: EngineAvailability;
  log: FastifyBaseLogger;
}

export interface VersionFields {
  /** null asks for no template (the instructions alone); left out, the base version's is repeated. */
  templateId?: string | null;
  templateIds?: string[];
  removeFurnitureFirst?: boolean;
  style?: string;
  prompt?: string;
  variations?: number;
}

/**
 * 'Generate again': new versions of one photo, each one image against the quota, reserved with the rows in
 * one transaction (refused with the upload's own messages when too few are left). What the request leaves
 * out is taken from the chosen version (or the newest): an empty request repeats the same settings.
 */
export async function createVersions(
  { db, queue, engines, log }: CreateDeps,
  userId: string,
  photoId: string,
  fields: VersionFields,
  now = new Date(),
): Promise<CreateVersionsResponse> {
  const photo = await requirePhoto(db, userId, photoId);
  await assertCanUpload(db, userId, now);
  const request = resolveRequest(settingsFor(fields, await baseVersion(db, photo)), engines);
  const versions = await changeInProject(db, photo.projectId, async (tx) => {
    const periodId = await reserveForUpload(tx, userId, request.variations, now);
    const first = await nextVersionNumber(tx, photoId);
    const rows = await insertVersions(
      tx,
      Array.from({ length: request.variations }, (_, i) =>
        versionRow(randomUUID(), photo, first + i, periodId, request),
      ),
    );
    await syncPhoto(tx, photoId);
    return rows;
  });
  await queueVersionJobs(queue, versions, log);
  const updated = (await findPhoto(db, photoId))!;
  return { photo: toPhoto(updated), versions: versions.map((v) => toVersion(v, updated.chosenVersionId)) };
}

/** The settings of a new version: what was asked, else what the base version was made with. */
function settingsFor(fields: VersionFields, base: VersionRow | undefined) {
  const templateId =
    fields.templateIds || fields.templateId === null
      ? undefined
      : (fields.templateId ?? templateToRepeat(base, fields.removeFurnitureFirst));
  const chosen = requestedTemplateId({
    templateId,
    templateIds: fields.templateIds,
    removeFurnitureFirst: fields.removeFurnitureFirst,
  });
  // 'Remove furniture first' on or off stages the same template: its style stays.
  const stagesAs = (id: string | null | undefined) => (id ? (findTemplate(id)?.baseId ?? id) : undefined);
  const sameTemplate = stagesAs(chosen) === stagesAs(base?.templateId);
  return {
    templateId: chosen,
    prompt: fields.prompt ?? base?.customPrompt ?? undefined,
    // Another template brings its own default style unless one is asked for.
    style: fields.style ?? (sameTemplate ? (base?.style ?? undefined) : undefined),
    variations: fields.variations,
  };
}

/** The base version's template, without 'Remove furniture first' when the request takes it off. */
function templateToRepeat(base: VersionRow | undefined, removeFurnitureFirst: boolean | undefined) {
  const id = base?.templateId ?? undefined;
  if (!id || removeFurnitureFirst !== false) return id;
  return findTemplate(id)?.baseId ?? id;
}

async function baseVersion(db: Db, photo: PhotoRow) {
  const versions = await listVersionsOfPhoto(db, photo.id);
  return versions.find((v) => v.id === photo.chosenVersionId) ?? versions.at(-1);
}

/** Makes the version the photo's chosen one: downloads, the ZIP and thumbnails use it from now on. */
export async function chooseVersion(db: Db, userId: string, photoId: string, versionId: string) {
  const photo = await requirePhoto(db, userId, photoId);
  const version = (await listVersionsOfPhoto(db, photoId)).find((v) => v.id === versionId);
  if (!version) throw notFound('Version not found');
  if (version.status !== 'completed') {
    throw new HttpError(
      409,
      'Only a finished version can be used. Wait for it to finish, or choose another.',
      'VERSION_NOT_READY',
    );
  }
  await changeInProject(db, photo.projectId, async (tx) => {
    await updatePhoto(tx, photoId, { chosenVersionId: versionId });
    await syncPhoto(tx, photoId);
    return true;
  });
  return toPhoto((await findPhoto(db, photoId))!);
}

/** The rows of a photo's versions, each one image taken from the period `usagePeriodId`. */
export function versionRow(
  id: string,
  photo: Pick<PhotoRow, 'id' | 'userId'>,
  number: number,
  usagePeriodId: string,
  request: EnhancementRequest,
): NewVersion {
  return {
    id,
    photoId: photo.id,
    userId: photo.userId,
    number,
    // The first job's id is the version's: recovery can tell it was queued.
    jobId: id,
    usagePeriodId,
    templateId: request.template?.id ?? null,
    templateName: request.template?.name ?? null,
    style: request.style ?? null,
    customPrompt: request.customText ?? null,
    prompt: request.prompt,
  };
}

/**
 * One `photo.enhance` job per version, its id the version's. A job that cannot be queued now is not lost:
 * stalled-version recovery finds no such job and queues one.
 */
export async function queueVersionJobs(queue: Queue, versions: { id: string }[], log: FastifyBaseLogger) {
  const results = await Promise.allSettled(
    versions.map((v) => queue.send('photo.enhance', { versionId: v.id }, { id: v.id })),
  );
  const failed = results.filter((r) => r.status === 'rejected');
  if (failed.length) log.error({ err: failed[0]!.reason, failed: failed.length }, 'could not queue version jobs');
}

async function requirePhoto(db: Db, userId: string, photoId: string) {
  const photo = await findPhotoForUser(db, userId, photoId);
  if (!photo) throw notFound('Photo not found');
  return photo;
}
