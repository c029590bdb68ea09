import { updatePhotoSchema, type Photo, type UpdatePhotoInput } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { notFound } from '../../infrastructure/http/errors';
import { requireProject } from '../projects/service';
import { findTemplate } from '../templates/service';
import { toPhoto } from './dto';
import { findPhotoForUser, listPhotosOfProject, updatePhoto, type PhotoRow } from './repository';
import { findVersionsByIds, type VersionRow } from './version-repository';

/**
 * 'Keep furniture consistent' (issue 13, decision 111): photos of a project that name the same room share its
 * furniture. Staging one of them sends the room's accepted staging — the earliest-finished chosen staged version
 * among its other photos — to the provider as a reference image.
 */

/** Names the room a photo shows, or clears it; another user's photo is not found. */
export async function setPhotoRoom(db: Db, userId: string, photoId: string, input: UpdatePhotoInput): Promise<Photo> {
  const { room } = updatePhotoSchema.parse(input);
  const photo = await findPhotoForUser(db, userId, photoId);
  if (!photo) throw notFound('Photo not found');
  await updatePhoto(db, photoId, { room });
  return toPhoto({ ...photo, room });
}

/** Room names match whatever their case and spacing: 'Living room' and 'living  Room' are one room. */
export const sameRoom = (a: string | null, b: string | null) =>
  Boolean(a && b && a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase());

/** A version stages furniture when its template is a staging one (a combined 'Remove furniture first' too). */
export const stagesFurniture = (version: Pick<VersionRow, 'templateId'>) =>
  Boolean(version.templateId && findTemplate(version.templateId)?.category === 'staging');

export interface FurnitureReference {
  version: VersionRow;
  /** The photo it was made from, for the note on the new version. */
  photo: PhotoRow;
}

/**
 * The reference for staging `version` of `photo`, or undefined: when the project keeps furniture consistent,
 * the photo names a room, the version stages furniture, and another photo of that room has a chosen, completed,
 * staged version. The first such by completion time is the room's accepted staging.
 */
export async function findFurnitureReference(
  db: Db,
  photo: PhotoRow,
  version: Pick<VersionRow, 'templateId'>,
): Promise<FurnitureReference | undefined> {
  if (!photo.room || !stagesFurniture(version)) return undefined;
  const project = await requireProject(db, photo.userId, photo.projectId);
  if (!project.keepFurnitureConsistent) return undefined;
  const roommates = (await listPhotosOfProject(db, photo.projectId)).filter(
    (other) => other.id !== photo.id && other.chosenVersionId && sameRoom(other.room, photo.room),
  );
  if (roommates.length === 0) return undefined;
  const chosen = await findVersionsByIds(
    db,
    roommates.map((other) => other.chosenVersionId!),
  );
  const accepted = chosen
    .filter((v) => v.status === 'completed' && v.resultKey && v.completedAt && stagesFurniture(v))
    .sort((a, b) => a.completedAt!.getTime() - b.completedAt!.getTime() || a.id.localeCompare(b.id));
  const first = accepted[0];
  if (!first) return undefined;
  return { version: first, photo: roommates.find((other) => other.id === first.photoId)! };
}
