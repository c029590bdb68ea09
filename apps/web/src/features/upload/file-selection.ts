import { ACCEPTED_EXTENSIONS, MAX_PHOTOS_PER_BATCH, MAX_UPLOAD_BYTES } from '@hearth/contracts';

/** What the checks need to know about a file; `File` has all of it. */
export interface FileFacts {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

const ACCEPTED_MIME_TYPES = new Set([
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/png',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
  'image/webp',
  'image/gif',
  'image/bmp',
  'image/x-ms-bmp',
  'image/tiff',
]);

/** The `accept` attribute of the file input: extensions too, since browsers often report HEIC without a type. */
export const FILE_INPUT_ACCEPT = [...ACCEPTED_MIME_TYPES, ...ACCEPTED_EXTENSIONS].join(',');

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * A first, friendly check (SPEC §5): a known image type by MIME type or extension, not empty, at most
 * 25 MB. The server checks the bytes themselves; this only spares the user a pointless upload.
 */
export function isAcceptableFile(file: Pick<FileFacts, 'name' | 'type' | 'size'>): boolean {
  const knownType =
    ACCEPTED_MIME_TYPES.has(file.type.toLowerCase()) || ACCEPTED_EXTENSIONS.includes(extensionOf(file.name));
  // A file whose browser type says it is something else (a video, a PDF) is refused even with an image name.
  const contradicts = file.type !== '' && !file.type.startsWith('image/') && file.type !== 'application/octet-stream';
  return knownType && !contradicts && file.size > 0 && file.size <= MAX_UPLOAD_BYTES;
}

/** Same name, size and modification time: the same file chosen twice. */
export const fileIdentity = (file: FileFacts) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

export interface SelectionChange<F extends FileFacts> {
  /** The selection after adding what could be added. */
  files: F[];
  rejected: F[];
  /** Files left out because the batch would pass MAX_PHOTOS_PER_BATCH. */
  overBatchLimit: F[];
}

/** Adds newly chosen files to a selection: refuses unacceptable ones, skips duplicates, caps the batch. */
export function addToSelection<F extends FileFacts>(
  current: readonly F[],
  incoming: readonly F[],
  maxFiles = MAX_PHOTOS_PER_BATCH,
): SelectionChange<F> {
  const seen = new Set(current.map(fileIdentity));
  const files = [...current];
  const rejected: F[] = [];
  const overBatchLimit: F[] = [];
  for (const file of incoming) {
    if (!isAcceptableFile(file)) {
      rejected.push(file);
      continue;
    }
    const identity = fileIdentity(file);
    if (seen.has(identity)) continue;
    if (files.length >= maxFiles) {
      overBatchLimit.push(file);
      continue;
    }
    seen.add(identity);
    files.push(file);
  }
  return { files, rejected, overBatchLimit };
}
