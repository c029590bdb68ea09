import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { zipFileName, type Photo } from '@hearth/contracts';
import yazl from 'yazl';
import { metadataFreeJpegStream } from '@hearth/image-engine';
import type { Db } from '../../db/client';
import { HttpError, notFound } from '../../http/errors';
import { requireProject } from '../projects/service';
import { StorageNotFoundError, type ObjectStorage } from '../storage/storage';
import { toPhoto } from './dto';
import { findPhotoForUser, keysOfPhotos, listPhotosOfProject, type PhotoRow } from './repository';

export async function listProjectPhotos(db: Db, userId: string, projectId: string): Promise<Photo[]> {
  await requireProject(db, userId, projectId);
  return (await listPhotosOfProject(db, projectId)).map(toPhoto);
}

export async function photoFileKeys(db: Db, projectIds: string[]): Promise<string[]> {
  return projectIds.length ? keysOfPhotos(db, { projectIds }) : [];
}

export type PhotoFileKind = 'original' | 'enhanced' | 'thumbnail' | 'download';

export interface PhotoFile {
  stream: Readable;
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
  const photo = await findPhotoForUser(db, userId, photoId);
  if (!photo) throw notFound('Photo not found');
  const source = fileSource(photo, kind);
  if (!source) throw photo.status === 'failed' && !photo.previewKey ? unreadable() : notFound(NOT_YET[kind]);
  const stored = await storage.get(source.key).catch((error: unknown) => {
    if (error instanceof StorageNotFoundError) throw fileGone();
    throw error;
  });
  return {
    stream: source.reencode ? await reencoded(stored, photo.status) : stored,
    contentType: 'image/jpeg',
    ...(kind === 'download' ? { attachmentName: enhancedFileName(photo.fileName) } : {}),
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
  return Readable.from([Buffer.concat(chunks)]);
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
function fileSource(photo: PhotoRow, kind: PhotoFileKind): { key: string; reencode?: boolean } | null {
  const jpeg = (key: string | null) => (key ? { key } : null);
  const original =
    jpeg(photo.previewKey) ??
    (BROWSER_READABLE.has(photo.imageType) ? { key: photo.originalKey, reencode: true } : null);
  switch (kind) {
    case 'original':
      return original;
    case 'thumbnail':
      return jpeg(photo.thumbnailKey) ?? original;
    case 'enhanced':
    case 'download':
      return photo.status === 'completed' ? jpeg(photo.enhancedKey) : null;
  }
}

/** 'kitchen.heic' → 'kitchen_enhanced.jpg' */
export function enhancedFileName(originalName: string): string {
  const stem = originalName.replace(/\.[^.]+$/, '').replace(/["\\]/g, '') || 'photo';
  return `${stem}_enhanced.jpg`;
}

export type ProjectDownload =
  { kind: 'file'; file: PhotoFile } | { kind: 'zip'; stream: Readable; fileName: string; entries: number };

/** One completed photo downloads as itself; two or more as a ZIP streamed while it is built. */
export async function downloadProject(
  { db, storage }: { db: Db; storage: ObjectStorage },
  userId: string,
  projectId: string,
): Promise<ProjectDownload> {
  const project = await requireProject(db, userId, projectId);
  const done = (await listPhotosOfProject(db, projectId)).filter((p) => p.status === 'completed' && p.enhancedKey);
  if (!done.length) {
    throw new HttpError(404, 'No completed photos available for download yet', 'NO_ENHANCED_PHOTOS');
  }
  if (done.length === 1) {
    const only = done[0]!;
    return {
      kind: 'file',
      file: {
        stream: await storage.get(only.enhancedKey!),
        contentType: 'image/jpeg',
        attachmentName: enhancedFileName(only.fileName),
      },
    };
  }
  const zip = new yazl.ZipFile();
  const names = uniqueNames(done.map((p) => enhancedFileName(p.fileName)));
  done.forEach((photo, index) => {
    // JPEGs do not shrink further: store them, which keeps the ZIP fast to build.
    zip.addReadStreamLazy(
      names[index]!,
      { compress: false, mtime: photo.completedAt ?? photo.createdAt },
      (callback) => {
        storage.get(photo.enhancedKey!).then(
          (stream) => callback(null, stream),
          (error: unknown) => callback(error, undefined as never),
        );
      },
    );
  });
  // A file that cannot be read midway (deleted with its project a moment ago, a storage outage) ends the
  // download with an error; unhandled, yazl's error event would take the whole process down.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();
  return {
    kind: 'zip',
    stream: zip.outputStream as Readable,
    fileName: zipFileName(project.name),
    entries: done.length,
  };
}

function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = seen.get(name) ?? 0;
    seen.set(name, count + 1);
    return count === 0 ? name : name.replace(/(\.[^.]+)$/, ` (${count + 1})$1`);
  });
}
