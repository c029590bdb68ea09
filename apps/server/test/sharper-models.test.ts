import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoVersionListSchema, type Photo, type PhotoVersion } from '@hearth/contracts';
import { decodeImageBuffer, encodeRgbToPngBuffer, readImageBufferInfo } from '@hearth/image-engine';
import { addFurniture, resizedJpeg, simulateProvider } from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import { fixture } from './helpers/fixtures';
import { geminiPath, geminiThinkingImage } from './helpers/fake-gemini';
import { FakeVendor, parseJsonBody, type RecordedRequest, type Reply } from './helpers/fake-vendor';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';

/**
 * Issue 13, sharper models: the default Gemini model (3.1 Flash Image) is asked for the resolution closest to
 * the original, the photo goes out at the size the model can use, thinking drafts never become the result,
 * and what came back (even 1K when 2K was asked) is recorded with the version and fitted to the original.
 */

type Body = {
  contents: { parts: { inlineData?: { data: string }; text?: string }[] }[];
  generationConfig: { imageConfig: { aspectRatio: string; imageSize?: string } };
};
const bodyOf = (request: RecordedRequest) => parseJsonBody(request) as Body;
const sentImage = (request: RecordedRequest) =>
  Buffer.from(bodyOf(request).contents[0]!.parts.find((part) => part.inlineData)!.inlineData!.data, 'base64');

/** The staged room at `size`, after a draft of it at 1K: a thinking model's answer. */
const answerAt = (size: { width: number; height: number }) => async (request: RecordedRequest) => {
  const sent = await decodeImageBuffer(sentImage(request));
  const final = await simulateProvider(addFurniture(sent), { ...size, framing: 'stretched' });
  const draft = await simulateProvider(sent, { width: 1264, height: 848, framing: 'stretched' });
  return geminiThinkingImage([await encodeRgbToPngBuffer(draft)], await encodeRgbToPngBuffer(final));
};

let answer: (request: RecordedRequest) => Promise<Reply>;
const vendor = new FakeVendor((request) => answer(request));
let testApp: TestApp;
let bigPhoto: Buffer;

beforeAll(async () => {
  await vendor.start();
  testApp = await startTestApp({
    QUEUE_POLL_SECONDS: '0.5',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    AI_IMAGES_PER_MINUTE: '6000',
    AI_MAX_RETRIES: '0',
    ENHANCE_RETRY_LIMIT: '0',
  });
  // A 6 MP photo: Gemini's 2K (2528×1696, 4.3 MP) is the closest of its sizes.
  bigPhoto = await resizedJpeg(fixture('empty-interior.jpg').data, 3000, 2000, 90);
});
afterAll(async () => {
  await testApp.close();
  await vendor.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
});

async function stagedVersion(): Promise<{ client: ApiClient; photo: Photo; version: PhotoVersion }> {
  const { client } = await signedInAgent(testApp);
  await startTrial(client);
  const project = await newProject(client);
  const upload = await uploadPhotos(client, project.id, [{ name: 'living.jpg', data: bigPhoto }], {
    templateId: 'living-room',
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const [photo] = await settledPhotos(client, project.id);
  expect(photo!.status, photo!.error ?? '').toBe('completed');
  const versions = photoVersionListSchema.parse((await client.get(`/api/photos/${photo!.id}/versions`)).body);
  return { client, photo: photo!, version: versions[0]! };
}

describe('sharper models through the pipeline', () => {
  it('asks gemini-3.1-flash-image-preview for 2K in the photo’s shape, sends the photo at 2528 px, and records it', async () => {
    answer = answerAt({ width: 2528, height: 1696 });
    const { photo, version } = await stagedVersion();

    expect(vendor.requests).toHaveLength(1);
    const sent = vendor.requests[0]!;
    expect(sent.url).toBe(geminiPath('gemini-3.1-flash-image-preview'));
    expect(bodyOf(sent).generationConfig.imageConfig).toEqual({ aspectRatio: '3:2', imageSize: '2K' });
    const sentInfo = await readImageBufferInfo(sentImage(sent));
    expect({ width: sentInfo.width, height: sentInfo.height }).toEqual({ width: 2528, height: 1685 });

    expect(version).toMatchObject({
      status: 'completed',
      model: 'gemini-3.1-flash-image-preview',
      width: 3000,
      height: 2000,
      resolution: {
        sent: { width: 2528, height: 1685 },
        requested: { width: 2528, height: 1696 },
        returned: { width: 2528, height: 1696 },
        original: { width: 3000, height: 2000 },
      },
    });
    // 1400 input tokens at $0.50/M, 2520 image tokens at $60/M, 300 thinking tokens at $3/M.
    expect(version.costUsd).toBeCloseTo((1400 * 0.5 + 2520 * 60 + 300 * 3) / 1e6, 9);
    expect(photo.notes).toEqual([]);
  });

  it('records a 1K answer to a 2K request as such, says so, and still fits it to the original', async () => {
    answer = answerAt({ width: 1264, height: 848 });
    const { client, photo, version } = await stagedVersion();

    expect(version.resolution).toEqual({
      sent: { width: 2528, height: 1685 },
      requested: { width: 2528, height: 1696 },
      returned: { width: 1264, height: 848 },
      original: { width: 3000, height: 2000 },
    });
    expect({ width: version.width, height: version.height }).toEqual({ width: 3000, height: 2000 });
    const result = await client.bytes(version.downloadUrl!);
    expect(result.status).toBe(200);
    const info = await readImageBufferInfo(result.data);
    expect({ width: info.width, height: info.height }).toEqual({ width: 3000, height: 2000 });
    expect(photo.notes).toEqual([
      "gemini-3.1-flash-image-preview was asked for 2528×1696 and answered 1264×848; it was fitted to the original's 3000×2000.",
    ]);
  });
});
