import type { Readable } from 'node:stream';
import { yazlZipStream, type ZipEntry } from '../../adapters/yazl-zip';

export type { ZipEntry };

/** A ZIP of already-compressed files (stored, not deflated), streamed while it is built. */
export const zipStream = (entries: ZipEntry[]): Readable => yazlZipStream(entries);
