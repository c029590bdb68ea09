import type { Readable } from 'node:stream';
import { yazlZipStream, type ZipEntry } from '../../adapters/yazl-zip';
import { pipeLentChunks, returnsChunks } from '../http/lent-chunks';

export type { ZipEntry };

/**
 * A ZIP of already-compressed files (stored, not deflated), streamed while it is built. Piped into a response,
 * its stored files are read into buffers reused once the socket has their bytes (docs/decisions/096): yazl
 * passes each chunk on as it is, so the response at the end of the chain can give it back.
 */
export function zipStream(entries: ZipEntry[]): Readable {
  const lending = entries.map((entry) => ({ ...entry, open: async () => lendChunksOf(await entry.open()) }));
  const zip = yazlZipStream(lending);
  const pipe = zip.pipe.bind(zip);
  zip.pipe = <T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T =>
    returnsChunks(destination) ? pipeLentChunks<T>(zip, destination, options) : pipe(destination, options);
  return zip;
}

/** A stored file's stream reads into lent buffers (FileReadStream.lendChunks); any other stream is as it is. */
const lendChunksOf = (stream: Readable & { lendChunks?: () => Readable }) => stream.lendChunks?.() ?? stream;
