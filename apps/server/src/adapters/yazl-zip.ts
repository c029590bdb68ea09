import type { Readable } from 'node:stream';
import yazl from 'yazl';

export interface ZipEntry {
  /** The entry's file name inside the archive; unique within it. */
  name: string;
  modifiedAt: Date;
  /** Opened only when the archive reaches this entry, so one file is read at a time. */
  open: () => Promise<Readable>;
}

/** ZIP files through yazl: the only file that imports it. */
export function yazlZipStream(entries: ZipEntry[]): Readable {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    // JPEGs do not shrink further: store them, which keeps the ZIP fast to build.
    zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.modifiedAt }, (callback) => {
      entry.open().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }
  // A file that cannot be read midway (deleted with its project a moment ago, a storage outage) ends the
  // download with an error; unhandled, yazl's error event would take the whole process down.
  zip.on('error', (error: Error) => (zip.outputStream as Readable).destroy(error));
  zip.end();
  return zip.outputStream as Readable;
}
