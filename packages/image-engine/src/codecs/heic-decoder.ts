import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The only file that uses heic-decode (libheif compiled to WebAssembly): sharp's prebuilt libvips reads
 * HEIF containers but has no HEVC decoder, so iPhone photos go through libheif here.
 *
 * Every call runs in a short-lived worker thread, for two reasons: libheif decodes synchronously (a 12 MP
 * photo keeps a thread busy for seconds, which must not be the event loop serving the API), and WebAssembly
 * memory only ever grows: ending the worker is the one way to hand a large decode's memory back.
 */
const heicDecodeModule = createRequire(import.meta.url).resolve('heic-decode');

export interface HeicSize {
  width: number;
  height: number;
}

export interface HeicPixels extends HeicSize {
  /** Packed RGBA, rows top-down, with the file's rotation and mirroring (irot/imir) already applied. */
  rgba: Uint8Array;
}

/** Size of the primary image, after its rotation, without decoding pixels. */
export function readHeicSize(path: string): Promise<HeicSize> {
  return runInWorker<HeicSize>(path, 'size');
}

export function decodeHeic(path: string): Promise<HeicPixels> {
  return runInWorker<HeicPixels>(path, 'decode');
}

// CommonJS evaluated inside the worker. heic-decode checks the major brand against a short list; files
// whose major brand is another HEVC HEIF brand ('heim', 'heis', ...) are shown to it as 'mif1', which
// libheif itself accepts (it reads the compatible brands).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const decode = require(workerData.module);
const KNOWN_MAJOR_BRANDS = ['mif1', 'msf1', 'heic', 'heix', 'hevc', 'hevx'];
(async () => {
  const buffer = readFileSync(workerData.path);
  if (!KNOWN_MAJOR_BRANDS.includes(buffer.toString('latin1', 8, 12))) buffer.write('mif1', 8, 'latin1');
  if (workerData.mode === 'size') {
    const images = await decode.all({ buffer });
    const { width, height } = images[0];
    images.dispose();
    parentPort.postMessage({ width, height });
    return;
  }
  const { width, height, data } = await decode({ buffer });
  const rgba = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  parentPort.postMessage({ width, height, rgba }, [rgba.buffer]);
})().catch((error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }));
`;

function runInWorker<T>(path: string, mode: 'size' | 'decode'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module: heicDecodeModule, path, mode } });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      void worker.terminate();
    };
    worker.once('message', (message: T | { error: string }) =>
      settle(() =>
        isFailure(message) ? reject(new Error(`HEIC decoding failed: ${message.error}`)) : resolve(message),
      ),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`HEIC decoder stopped (exit code ${code})`))));
  });
}

const isFailure = (message: unknown): message is { error: string } =>
  typeof message === 'object' && message !== null && 'error' in message;
