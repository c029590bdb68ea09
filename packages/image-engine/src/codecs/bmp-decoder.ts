import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The only file that uses @imagemagick/magick-wasm (ImageMagick compiled to WebAssembly): sharp's prebuilt
 * libvips has no BMP loader, and ImageMagick's BMP reader handles every variant in use: OS/2 and Windows
 * v3/v4/v5 headers, 1/4/8-bit palettes, RLE4/RLE8, 16- and 32-bit bit fields, top-down rows.
 * See docs/decisions/011-image-decoders.md.
 *
 * As with HEIC, every decode runs in a short-lived worker thread: ImageMagick decodes synchronously, which
 * must not be on the event loop serving the API, and ending the worker hands its WebAssembly memory back.
 * The module is compiled once per process and shared with each worker.
 */
const require = createRequire(import.meta.url);
const magickModule = require.resolve('@imagemagick/magick-wasm');
const magickWasm = require.resolve('@imagemagick/magick-wasm/magick.wasm');

// The server's TypeScript library has no WebAssembly types; a compiled module is only handed on.
type CompiledModule = object;
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledModule> };
};
let compiled: Promise<CompiledModule> | undefined;
const compiledMagick = () => (compiled ??= readFile(magickWasm).then((bytes) => wasm.compile(bytes)));

export interface BmpHeader {
  width: number;
  height: number;
}

/**
 * Size as the bitmap header declares it, read before any pixel is decoded: the 12-byte OS/2 core header
 * (16-bit sizes) or the BITMAPINFOHEADER and its later versions (32-bit, a negative height meaning rows
 * stored top-down).
 */
export function readBmpHeader(head: Uint8Array): BmpHeader {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (bytes.length < 26 || bytes.toString('latin1', 0, 2) !== 'BM') throw new Error('Not a BMP file');
  const dibHeaderSize = bytes.readUInt32LE(14);
  let width: number;
  let height: number;
  if (dibHeaderSize === 12) {
    width = bytes.readUInt16LE(18);
    height = bytes.readUInt16LE(20);
  } else if (dibHeaderSize >= 40) {
    width = bytes.readInt32LE(18);
    height = Math.abs(bytes.readInt32LE(22));
  } else {
    throw new Error(`Unknown BMP header of ${dibHeaderSize} bytes`);
  }
  if (width <= 0 || height <= 0) throw new Error('Invalid BMP size');
  return { width, height };
}

/**
 * Decodes to packed 8-bit sRGB, 3 bytes a pixel, rows top-down, any alpha laid over white. Callers check the
 * header's pixel count first.
 */
export async function decodeBmpToRgb(file: Buffer): Promise<{ width: number; height: number; rgb: Buffer }> {
  const module = await compiledMagick();
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { library: magickModule, module, file },
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
      void worker.terminate();
    };
    worker.once('message', (message: DecodeResult) =>
      settle(() =>
        'error' in message
          ? reject(new Error(`BMP decoding failed: ${message.error}`))
          : resolve({ width: message.width, height: message.height, rgb: Buffer.from(message.rgb) }),
      ),
    );
    worker.once('error', (error) => settle(() => reject(error)));
    worker.once('exit', (code) => settle(() => reject(new Error(`BMP decoder stopped (exit code ${code})`))));
  });
}

type DecodeResult = { width: number; height: number; rgb: Uint8Array } | { error: string };

// CommonJS evaluated inside the worker. Low bit depths are read at their own depth, so the image is set to
// 8 bits before its pixels are written out as RGB.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const magick = require(workerData.library);
(async () => {
  await magick.initializeImageMagick(workerData.module);
  const settings = new magick.MagickReadSettings({ format: magick.MagickFormat.Bmp });
  const result = magick.ImageMagick.read(workerData.file, settings, (image) => {
    image.depth = 8;
    image.backgroundColor = new magick.MagickColor(255, 255, 255);
    image.alpha(magick.AlphaAction.Remove);
    const { width, height } = image;
    return image.write(magick.MagickFormat.Rgb, (data) => ({ width, height, rgb: new Uint8Array(data) }));
  });
  parentPort.postMessage(result, [result.rgb.buffer]);
})().catch((error) => parentPort.postMessage({ error: String(error && error.message ? error.message : error) }));
`;
