import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { zipFileName, type EditClassification, type Photo } from '@hearth/contracts';
import { metadataFreeJpegStream } from '@hearth/image-engine';
import type { Db } from '../../infrastructure/db/client';
import { HttpError, notFound } from '../../infrastructure/http/errors';
import { zipStream } from '../../infrastructure/archive/zip';
import { requireProject } from '../projects/service';
import {
  displayKeyOf,
  resultFormatOf,
  StorageNotFoundError,
  type StoredBody,
  type ObjectStorage,
} from '../../infrastructure/storage/object-storage';
import { classifyEdit } from '../templates/service';
import { toPhoto } from './dto';
import {
  findPhotoFilesForUser,
  findPhotoForUser,
  keysOfPhotos,
  listPhotosOfProject,
  type PhotoFilesRow,
  type PhotoRow,
} from './repository';
import { findVersionForUser, listVersionsOfProject, type VersionRow } from './version-repository';

export async function listProjectPhotos(db: Db, userId: string, projectId: string): Promise<Photo[]> {
  await requireProject(db, userId, projectId);
  return (await listPhotosOfProject(db, projectId)).map(toPhoto);
}

/** A photo of a listing as its export and its originals page use it: the unaltered original beside the result. */
export interface ListingPhoto {
  id: string;
  fileName: string;
  madeAt: Date;
  /** The original, upright and without metadata (null until the pipeline has read the upload). */
  originalKey: string | null;
  /** The chosen version's result, null until one has completed. */
  resultKey: string | null;
  edit: EditClassification | null;
  width: number | null;
  height: number | null;
}

/** The project's photos in the order they were uploaded (the order of the listing), each with what was done. */
export async function listingPhotos(db: Db, projectId: string): Promise<ListingPhoto[]> {
  return (await listPhotosOfProject(db, projectId)).map((p) => {
    const done = Boolean(p.chosenVersionId && p.enhancedKey);
    return {
      id: p.id,
      fileName: p.fileName,
      madeAt: p.completedAt ?? p.createdAt,
      originalKey: p.previewKey,
      resultKey: done ? p.enhancedKey : null,
      edit: done ? classifyEdit(p) : null,
      width: p.width,
      height: p.height,
    };
  });
}

/** Every storage key the project's photos may have files under (projects asks when it deletes a project). */
export async function projectFileKeys(db: Db, projectId: string): Promise<string[]> {
  return keysOfPhotos(db, projectId);
}

export {
  completeVersion,
  failVersion,
  reassignVersionJob,
  recordPhotoFiles,
  returnVersionToQueue,
  startVersion,
  type VersionResult,
} from './progress';
export { findPhoto, type PhotoRow } from './repository';
export { findStalledVersions, findVersion, type VersionRow } from './version-repository';
export { chooseVersion, createVersions, listPhotoVersions } from './versions';
export { createAreaEdit } from './area-edit';
export { findFurnitureReference, setPhotoRoom, type FurnitureReference } from './furniture-reference';
export type { HeadStartEdit, HeadStartPhoto, HeadStarts } from './head-starts';
export { removeAbandonedUploads } from './uploads-in-flight';
export { GENERIC_FAILURE, MISSING_UPLOAD_FAILURE, NO_PROVIDER_FAILURE, UNREADABLE_FAILURE } from './failure-messages';

export type PhotoFileKind = 'original' | 'enhanced' | 'thumbnail' | 'download';

export interface PhotoFile {
  stream: StoredBody;
  contentType: string;
  /** Set for downloads: the name the browser saves the file under. */
  attachmentName?: string;
}

/**
 * Before the pipeline has made a photo's preview, uploads of these types are shown re-encoded on the way out
 * (upright, without metadata); the others cannot be shown until their preview exists.
 */
const BROWSER_READABLE = new Set(['jpeg', 'png', 'webp', 'gif']);

export async function openPhotoFile(
  { db, storage }: { db: Db; storage: ObjectStorage },
  userId: string,
  photoId: string,
  kind: PhotoFileKind,
): Promise<PhotoFile> {
  const photo = await findPhotoFilesForUser(db, userId, photoId);
  if (!photo) throw notFound('Photo not found');
  const source = fileSource(photo, kind);
  if (!source) throw photo.status === 'failed' && !photo.previewKey ? unreadable() : notFound(NOT_YET[kind]);
  const { stream: stored, key } = await (kind === 'enhanced' ? openShown : openStored)(storage, source.key);
  // The chosen version's result is a PNG when it is an area edit (decision 015); every other file a JPEG.
  const format = kind === 'enhanced' || kind === 'download' ? resultFormatOf(key) : resultFormatOf('.jpg');
  return {
    stream: source.reencode ? await reencoded(stored, photo.status) : stored,
    contentType: format.contentType,
    ...(kind === 'download' ? { attachmentName: enhancedFileName(photo.fileName, format.extension) } : {}),
  };
}

/**
 * The upload re-encoded before any byte is sent, so that a file the decoder gives up on halfway (a truncated
 * JPEG) is answered with a status and a sentence, not a 500 or a picture cut off midway.
 */
async function reencoded(stored: Readable, status: PhotoRow['status']): Promise<Readable> {
  const chunks: Buffer[] = [];
  try {
    await pipeline(stored, metadataFreeJpegStream(), async (jpeg: AsyncIterable<Buffer>) => {
      for await (const chunk of jpeg) chunks.push(chunk);
    });
  } catch {
    // Waiting: the pipeline has yet to decide (it will fail the photo, with the reason, and log the decoder's).
    throw status === 'failed' ? unreadable() : notFound(NOT_YET.original);
  }
  const jpeg = Buffer.concat(chunks);
  return Object.assign(Readable.from([jpeg]), { byteLength: jpeg.length });
}

/** A stored file by its key; one that is gone from storage answers 410. */
async function openStored(storage: ObjectStorage, key: string): Promise<{ stream: Readable; key: string }> {
  try {
    return { stream: await storage.get(key), key };
  } catch (error) {
    throw error instanceof StorageNotFoundError ? fileGone() : error;
  }
}

/** A result as it is shown on screen: an area edit's JPEG copy when it has one, else the result itself. */
async function openShown(storage: ObjectStorage, resultKey: string) {
  const displayKey = displayKeyOf(resultKey);
  if (displayKey !== resultKey) {
    const copy = await storage.get(displayKey).catch((error: unknown) => {
      if (error instanceof StorageNotFoundError) return undefined; // made before the copy existed
      throw error;
    });
    if (copy) return { stream: copy, key: displayKey };
  }
  return openStored(storage, resultKey);
}

/** A photo that could not be read has no picture to show: gone for good, unlike one still being prepared. */
const unreadable = () =>
  new HttpError(
    410,
    'This photo could not be read, so there is no picture of it to show. Export it again from your camera or phone and upload it once more.',
    'PHOTO_UNREADABLE',
  );
const fileGone = () =>
  new HttpError(410, 'The file of this photo is no longer available. Please upload the photo again.', 'FILE_GONE');

const NOT_YET: Record<PhotoFileKind, string> = {
  original: 'This photo is still being prepared',
  thumbnail: 'No thumbnail yet',
  enhanced: 'This photo has not been enhanced yet',
  download: 'This photo has not been enhanced yet',
};

/** Where a file comes from; every file served is a metadata-free JPEG (`reencode`: made so on the way out). */
function fileSource(photo: PhotoFilesRow, kind: PhotoFileKind): { key: string; reencode?: boolean } | null {
  const jpeg = (key: string | null) => (key ? { key } : null);
  const original =
    jpeg(photo.previewKey) ??
    (BROWSER_READABLE.has(photo.imageType) ? { key: photo.originalKey, reencode: true } : null);
  switch (kind) {
    case 'original':
      return original;
    case 'thumbnail':
      // A photo is known by its chosen version once there is one (issue 12), by its original before.
      return jpeg(photo.chosenThumbnailKey) ?? jpeg(photo.thumbnailKey) ?? original;
    case 'enhanced':
    case 'download':
      return photo.chosenVersionId ? jpeg(photo.enhancedKey) : null;
  }
}

/** 'kitchen.heic' → 'kitchen_enhanced.jpg' ('.png' for an area edit's result) */
export function enhancedFileName(originalName: string, extension = 'jpg'): string {
  const stem = originalName.replace(/\.[^.]+$/, '').replace(/["\\]/g, '') || 'photo';
  return `${stem}_enhanced.${extension}`;
}

export type ProjectDownload =
  { kind: 'file'; file: PhotoFile } | { kind: 'zip'; stream: Readable; fileName: string; entries: number };

/** One completed photo downloads as itself; two or more as a ZIP streamed while it is built. */
export async function downloadProject(
  { db, storage }: { db: Db; storage: ObjectStorage },
  userId: string,
  projectId: string,
  which: 'chosen' | 'all' = 'chosen',
): Promise<ProjectDownload> {
  const project = await requireProject(db, userId, projectId);
  if (which === 'all')
    return downloadAllVersions(
      storage,
      project,
      await listVersionsOfProject(db, projectId),
      await listPhotosOfProject(db, projectId),
    );
  const done = (await listPhotosOfProject(db, projectId)).filter((p) => p.chosenVersionId && p.enhancedKey);
  if (!done.length) {
    throw new HttpError(404, 'No completed photos available for download yet', 'NO_ENHANCED_PHOTOS');
  }
  if (done.length === 1) {
    const only = done[0]!;
    return {
      kind: 'file',
      file: {
        stream: await storage.get(only.enhancedKey!),
        contentType: resultFormatOf(only.enhancedKey!).contentType,
        attachmentName: enhancedFileName(only.fileName, resultFormatOf(only.enhancedKey!).extension),
      },
    };
  }
  const names = uniqueNames(done.map((p) => enhancedFileName(p.fileName, resultFormatOf(p.enhancedKey!).extension)));
  const stream = zipStream(
    done.map((photo, index) => ({
      name: names[index]!,
      modifiedAt: photo.completedAt ?? photo.createdAt,
      open: () => storage.get(photo.enhancedKey!),
    })),
  );
  return {
    kind: 'zip',
    stream,
    fileName: zipFileName(project.name),
    entries: done.length,
  };
}

/** 'All versions': every finished version of every photo, 'kitchen_v1.jpg', 'kitchen_v2.jpg' … */
function downloadAllVersions(
  storage: ObjectStorage,
  project: { name: string },
  versions: VersionRow[],
  photos: PhotoRow[],
): ProjectDownload {
  const nameOf = new Map(photos.map((p) => [p.id, p.fileName]));
  const done = versions.filter((v) => v.status === 'completed' && v.resultKey);
  if (!done.length) {
    throw new HttpError(404, 'No completed photos available for download yet', 'NO_ENHANCED_PHOTOS');
  }
  const names = uniqueNames(
    done.map((v) =>
      versionFileName(nameOf.get(v.photoId) ?? 'photo', v.number, resultFormatOf(v.resultKey!).extension),
    ),
  );
  const stream = zipStream(
    done.map((version, index) => ({
      name: names[index]!,
      modifiedAt: version.completedAt ?? version.createdAt,
      open: () => storage.get(version.resultKey!),
    })),
  );
  return { kind: 'zip', stream, fileName: zipFileName(`${project.name} all versions`), entries: done.length };
}

/** 'kitchen.heic', 2 → 'kitchen_v2.jpg' ('.png' for an area edit's result) */
export function versionFileName(originalName: string, number: number, extension = 'jpg'): string {
  const stem = originalName.replace(/\.[^.]+$/, '').replace(/["\\]/g, '') || 'photo';
  return `${stem}_v${number}.${extension}`;
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : name.replace(/(\.[^.]+)$/, ` (${count + 1})$1`);
  });
}

export type VersionFileKind = 'image' | 'thumbnail' | 'download';

/** One version's result, its thumbnail, or the result as an attachment named after the photo and version. */
export async function openVersionFile(
  { db, storage }: { db: Db; storage: ObjectStorage },
  userId: string,
  versionId: string,
  kind: VersionFileKind,
): Promise<PhotoFile> {
  const version = await findVersionForUser(db, userId, versionId);
  if (!version) throw notFound('Version not found');
  const key = kind === 'thumbnail' ? (version.thumbnailKey ?? version.resultKey) : version.resultKey;
  if (version.status !== 'completed' || !key) throw notFound('This version has not finished yet');
  const { stream, key: servedKey } = await (kind === 'image' ? openShown : openStored)(storage, key);
  const format = resultFormatOf(servedKey);
  if (kind !== 'download') return { stream, contentType: format.contentType };
  const photo = await findPhotoForUser(db, userId, version.photoId);
  return {
    stream,
    contentType: format.contentType,
    attachmentName: versionFileName(photo?.fileName ?? 'photo', version.number, format.extension),
  };
}
