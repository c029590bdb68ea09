/**
 * The staging provider benches run against: a loopback server speaking Gemini's `generateContent` API that
 * answers every call exactly `answerMs` after it arrived, with the empty room staged at Gemini's 1248×832.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { decodeToRgb, encodeRgbToJpeg, encodeRgbToJpegBuffer, resizeRgb } from '@hearth/image-engine';
import { addFurniture, fixturePhotoPath, simulateProvider } from '@hearth/image-engine/test-support';
import { geminiImage } from '@hearth/server/test-support/fake-gemini';

const SOURCE_PHOTO = fixturePhotoPath('empty-interior.jpg');

/** The batch's photo: the empty room, enlarged to `megapixels`, as a camera JPEG in `workDir`. */
export async function prepareRoomPhoto(workDir: string, megapixels: number) {
  const source = await decodeToRgb(SOURCE_PHOTO, 'jpeg');
  const longSide = Math.round(Math.sqrt((megapixels * 1e6 * source.width) / source.height));
  const file = path.join(workDir, `room-${megapixels}mp.jpg`);
  await encodeRgbToJpeg(await resizeRgb(source, longSide, { enlarge: true }), file);
  return { file, bytes: (await stat(file)).size };
}

/** What the loopback model sends back: the room furnished, at Gemini's 3:2 size, re-encoded. */
async function stagedAnswer(): Promise<Buffer> {
  const room = await decodeToRgb(SOURCE_PHOTO, 'jpeg');
  const staged = await simulateProvider(addFurniture(room), { width: 1248, height: 832, framing: 'stretched' });
  return encodeRgbToJpegBuffer(staged);
}

export type LoopbackGemini = Awaited<ReturnType<typeof startLoopbackGemini>>;

export async function startLoopbackGemini(answerMs: number) {
  const calls: { start: number; end: number }[] = [];
  const body = JSON.stringify(geminiImage(await stagedAnswer(), 'image/jpeg', 'bench').body);
  const server: HttpServer = createServer((request, response) => {
    const start = performance.now();
    request.resume();
    request.on('end', () => {
      setTimeout(
        () => {
          response.writeHead(200, { 'content-type': 'application/json' }).end(body);
          calls.push({ start, end: performance.now() });
        },
        answerMs - (performance.now() - start),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    /** Most calls open at once: at most the configured concurrency, or the minimum is not what was measured. */
    maxInFlight: () =>
      Math.max(
        0,
        ...calls.map((call) => calls.filter((other) => other.start <= call.start && other.end > call.start).length),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
