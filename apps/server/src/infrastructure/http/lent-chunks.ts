import { ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Readable } from 'node:stream';

/**
 * Read buffers that a download reuses instead of allocating one per chunk (docs/decisions/096). Each new
 * buffer is memory outside V8's heap, and every 64 MB of it starts a full collection of the heap of the thread
 * that serves the API (45 MB with PGlite, 50–150 ms to mark): a 2.5 MB photo's download cost about 5 ms of
 * collection, a 74 MB ZIP more than 100.
 *
 * A chunk is lent by a file reader and given back by `pipeLentChunks` only once a response's socket has its
 * bytes (the write's callback). A lent chunk that never gets there (the download failed, or the stream went
 * somewhere else) is simply left to the garbage collector.
 */
export const LENT_CHUNK_BYTES = 2 ** 20;

/**
 * Idle buffers kept for the next downloads (8 MB): a ZIP has up to about eight chunks on their way through its
 * streams at a time, a single file one or two.
 */
const IDLE_BUFFERS = 8;
const idle: Buffer[] = [];
/** Lent chunk (or the part of it that was filled) → the buffer to give back. */
const lent = new WeakMap<Buffer, Buffer>();

/** A buffer of LENT_CHUNK_BYTES to read into; `lendPart` marks the part that was filled as lent. */
export const takeBuffer = (): Buffer => idle.pop() ?? Buffer.allocUnsafeSlow(LENT_CHUNK_BYTES);

/** The first `bytes` of a buffer from takeBuffer, as a chunk that pipeLentChunks gives back once sent. */
export function lendPart(buffer: Buffer, bytes: number): Buffer {
  const chunk = bytes === buffer.length ? buffer : buffer.subarray(0, bytes);
  lent.set(chunk, buffer);
  return chunk;
}

/** A buffer from takeBuffer that was not lent after all (nothing was read into it). */
export function giveBack(buffer: Buffer) {
  if (idle.length < IDLE_BUFFERS) idle.push(buffer);
}

/**
 * Whether chunks piped into `destination` can be given back after its write callbacks: a response writing
 * to a real socket, which has the bytes by then. (A test's injected response, or a stream, may keep them.)
 */
export const returnsChunks = (destination: unknown): destination is ServerResponse =>
  destination instanceof ServerResponse && destination.socket instanceof Socket;

/**
 * `source.pipe(response)`, except that each lent chunk is given back once the response's write is done. Same
 * flow control as pipe: reading pauses while the response's buffer is full, until it drains.
 */
export function pipeLentChunks<T extends NodeJS.WritableStream>(
  source: Readable,
  response: ServerResponse,
  options?: { end?: boolean },
): T {
  const resume = () => source.resume();
  source.on('data', (chunk: Buffer) => {
    const base = lent.get(chunk);
    const flushed = response.write(chunk, (error) => {
      // After a failed write the socket may still hold the chunk: it is not given back.
      if (base && !error) {
        lent.delete(chunk);
        giveBack(base);
      }
    });
    if (!flushed) {
      source.pause();
      response.once('drain', resume);
    }
  });
  if (options?.end !== false) source.once('end', () => response.end());
  response.once('close', () => response.off('drain', resume));
  return response as unknown as T;
}
