import { decodeImageBuffer, encodeRgbToJpegBuffer } from '@hearth/image-engine';
import { simulateProvider } from '@hearth/image-engine/test-support';
import { geminiImage, geminiSentImage } from './fake-gemini';
import type { RecordedRequest, Reply } from './fake-vendor';

/** What Gemini sends back for a staging request: the photo it was sent, re-framed and re-encoded as it does. */
export async function stagedGeminiAnswer(request: RecordedRequest): Promise<Reply> {
  const result = await simulateProvider(await decodeImageBuffer(geminiSentImage(request)), {
    width: 1248,
    height: 832,
    framing: 'stretched',
    gain: 1.03,
  });
  return geminiImage(await encodeRgbToJpegBuffer(result), 'image/jpeg');
}

/** Prometheus text: the value of the sample with this name whose labels include these, or undefined. */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}
