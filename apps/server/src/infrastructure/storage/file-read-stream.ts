import { close, fstat, open, read } from 'node:fs';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { giveBack, LENT_CHUNK_BYTES, lendPart, pipeLentChunks, returnsChunks, takeBuffer } from '../http/lent-chunks';

const openFile = promisify(open);
const statFile = promisify(fstat);
const closeFile = promisify(close);
const readInto = (fd: number, buffer: Buffer, position: number) =>
  new Promise<number>((resolve, reject) =>
    read(fd, buffer, 0, buffer.length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead))),
  );

/**
 * A stored file as a stream, opened before it is returned (a missing file is known before the first byte is
 * promised) and with its size known (a download's Content-Length). Chunks are 1 MiB: a download, and each
 * ZIP entry, passes every chunk through a few streams on its way to the socket (six for a ZIP entry), and
 * each pass costs the same whatever the chunk's size. 256 KiB chunks (not 64) made a ZIP about twice as fast
 * to build; 1 MiB (not 256 KiB) made it about a fifth faster again (issue 16, docs/decisions/108).
 *
 * Piped into a response, or after `lendChunks()` (a ZIP entry that ends in one), it reads into buffers that
 * are reused once the socket has their bytes (../http/lent-chunks.ts, docs/decisions/096); otherwise each
 * chunk is memory of its own.
 */
export class FileReadStream extends Readable {
  private position = 0;
  private lending = false;
  /** The read under way, if any: the file is closed only after it, so its descriptor cannot be reused meanwhile. */
  private reading: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly fd: number,
    /** The file's size in bytes when it was opened. */
    readonly byteLength: number,
  ) {
    super({ highWaterMark: LENT_CHUNK_BYTES });
  }

  /** Opens the file; rejects as `fs.open` does (ENOENT for a missing file). */
  static async open(path: string): Promise<FileReadStream> {
    const fd = await openFile(path, 'r');
    try {
      return new FileReadStream(fd, (await statFile(fd)).size);
    } catch (error) {
      await closeFile(fd);
      throw error;
    }
  }

  /** Reads into lent buffers from now on: only for a stream whose chunks end in pipeLentChunks, or nowhere. */
  lendChunks(): this {
    this.lending = true;
    return this;
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (!returnsChunks(destination)) return super.pipe(destination, options);
    return pipeLentChunks<T>(this.lendChunks(), destination, options);
  }

  override _read() {
    // The size read at open ends the stream: no further read only to find the end of a file that never grows.
    if (this.position >= this.byteLength) {
      this.push(null);
      return;
    }
    const buffer = this.lending ? takeBuffer() : Buffer.allocUnsafe(LENT_CHUNK_BYTES);
    const reading = readInto(this.fd, buffer, this.position);
    this.reading = reading.catch(() => undefined);
    reading.then(
      (bytesRead) => {
        this.position += bytesRead;
        if (bytesRead === 0 && this.lending) giveBack(buffer);
        if (bytesRead === 0) this.push(null);
        else this.push(this.lending ? lendPart(buffer, bytesRead) : buffer.subarray(0, bytesRead));
      },
      (error: Error) => this.destroy(error),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    void this.reading.finally(() => close(this.fd, (closeError) => callback(error ?? closeError)));
  }
}
