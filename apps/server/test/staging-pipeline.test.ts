import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Photo, Template } from '@hearth/contracts';
import {
  decodeImageBuffer,
  encodeRgbToJpegBuffer,
  readImageBufferInfo,
  STRUCTURE_REVIEW_REASON,
  type RgbImage,
} from '@hearth/image-engine';
import { photo as photoTable } from '../src/infrastructure/db/schema';
import { addFurniture, addBackWallWindow, copyImage, simulateProvider } from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture } from './helpers/fixtures';
import { geminiImage, geminiImageSafety, geminiPath, geminiRateLimited, geminiSentImage } from './helpers/fake-gemini';
import { FakeVendor, parseJsonBody, type RecordedRequest, type Reply } from './helpers/fake-vendor';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

/**
 * Staging end to end: an upload with a staging template goes through the queue to Gemini (a loopback server
 * speaking its API, driven by the real @google/genai SDK), and what comes back is fitted to the original,
 * checked for moved architecture and recorded with its cost, or fails with the provider's words and no charge.
 */

type Edit = (image: RgbImage) => RgbImage;

/** What the model does to the photo it receives; tests switch it. */
let answer: (request: RecordedRequest) => Promise<Reply>;
const staged = (edit: Edit) => async (request: RecordedRequest) => {
  const sent = await decodeImageBuffer(sentImage(request));
  // Gemini answers 3:2 photos at 1248×832, re-encoded and a little brighter.
  const result = await simulateProvider(edit(sent), { width: 1248, height: 832, framing: 'stretched', gain: 1.03 });
  return geminiImage(await encodeRgbToJpegBuffer(result), 'image/jpeg', `resp-${vendor.requests.length}`);
};

const vendor = new FakeVendor((request) => answer(request));
let testApp: TestApp;

beforeAll(async () => {
  await vendor.start();
  testApp = await startTestApp({
    QUEUE_POLL_SECONDS: '0.5',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    // The stand-in answers as Gemini 2.5 Flash Image (1K, one image part); the default model's sizes and
    // thinking drafts are covered by sharper-models.test.ts.
    GEMINI_MODEL: 'gemini-2.5-flash-image',
    AI_IMAGES_PER_MINUTE: '6000',
    AI_MAX_RETRIES: '1',
    ENHANCE_RETRY_LIMIT: '0',
  });
});
afterAll(async () => {
  await testApp.close();
  await vendor.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
  answer = staged(addFurniture);
});

const sentImage = geminiSentImage;

async function stageOne(fields: Record<string, string>) {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  const upload = await uploadPhotos(agent.client, project.id, [fixture('empty-interior.jpg')], fields);
  expect(upload.status).toBe(201);
  const [photo] = await settledPhotos(agent.client, project.id);
  return { ...agent, project, photo: photo! };
}

const storedRow = async (photo: Photo) =>
  (await testApp.database.db.select().from(photoTable).where(eq(photoTable.id, photo.id)))[0]!;

describe('staging through a generative provider', () => {
  it('reports every template available, with no reason, once a provider key is set', async () => {
    const { client } = await signedInAgent(testApp);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    expect(templates.length).toBeGreaterThan(10);
    for (const template of templates) {
      expect(template.available).toBe(true);
      expect(template.unavailableReason).toBeUndefined();
    }
  });

  it('stages a room at the original size, keeps the walls, and records the call with the photo', async () => {
    const { client, photo } = await stageOne({ templateId: 'living-room' });
    expect(photo).toMatchObject({
      status: 'completed',
      templateName: 'Living Room',
      engine: 'ai',
      needsReview: false,
      reviewReason: null,
      width: 1600,
      height: 1067,
      error: null,
    });
    expect(photo.operations).toEqual(expect.arrayContaining(['generative-edit', 'fit-to-original']));

    // What Gemini received: the final prompt as /api/debug/prompt shows it, a ≤ 2048 px JPEG, the photo's shape.
    expect(vendor.requests).toHaveLength(1);
    const request = vendor.requests[0]!;
    expect(request.url).toBe(geminiPath('gemini-2.5-flash-image'));
    expect(request.headers['x-goog-api-key']).toBe('test-gemini-key');
    const body = parseJsonBody(request) as {
      contents: { parts: { text?: string }[] }[];
      generationConfig: { imageConfig: { aspectRatio: string } };
    };
    const preview = await client.post<{ finalPrompt: string }>('/api/debug/prompt', { prompt: photo.prompt });
    expect(body.contents[0]!.parts.find((p) => p.text)!.text).toBe(preview.body.finalPrompt);
    expect(body.generationConfig.imageConfig.aspectRatio).toBe('3:2');
    expect(await readImageBufferInfo(sentImage(request))).toEqual({ width: 1600, height: 1067, format: 'jpeg' });

    // The result is the original's exact size, whatever shape the provider answered in.
    const enhanced = await client.bytes(photo.enhancedUrl!);
    expect(await readImageBufferInfo(enhanced.data)).toEqual({ width: 1600, height: 1067, format: 'jpeg' });

    expect(await storedRow(photo)).toMatchObject({
      provider: 'gemini',
      model: 'gemini-2.5-flash-image',
      providerRequestId: 'resp-1',
      providerAttempts: 1,
      providerUsage: { inputTokens: 1306, outputTokens: 1290, costUsd: expect.any(Number) },
    });
    expect((await storedRow(photo)).providerDurationMs).toBeGreaterThanOrEqual(0);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
  });

  it('marks a result whose architecture moved for review, with the reason the review dialog shows', async () => {
    answer = staged((image) => addBackWallWindow(addFurniture(image)));
    const { photo } = await stageOne({ templateId: 'living-room' });
    expect(photo).toMatchObject({ status: 'completed', needsReview: true, reviewReason: STRUCTURE_REVIEW_REASON });
  });

  it('sends custom instructions to the provider, after the fixed rules', async () => {
    const { photo } = await stageOne({ prompt: 'Add a reading chair and a floor lamp in the left corner' });
    expect(photo).toMatchObject({ status: 'completed', engine: 'ai', templateName: null });
    const text = (
      parseJsonBody(vendor.requests[0]!) as { contents: { parts: { text?: string }[] }[] }
    ).contents[0]!.parts.find((p) => p.text)!.text!;
    expect(text).toMatch(/Add a reading chair and a floor lamp in the left corner$/);
    expect(text).toMatch(/windows/i);
  });

  it('keeps the enhancement templates on the local engine, without calling the provider', async () => {
    const { photo } = await stageOne({ templateId: 'professional-enhancement' });
    expect(photo).toMatchObject({ status: 'completed', engine: 'local', operations: ['professional-enhancement'] });
    expect(vendor.requests).toHaveLength(0);
    expect(await storedRow(photo)).toMatchObject({ provider: null, model: null, providerUsage: null });
  });

  it('waits out a 429 and records both attempts', async () => {
    let calls = 0;
    answer = async (request) => (calls++ === 0 ? geminiRateLimited('0.2s') : staged(addFurniture)(request));
    const { photo } = await stageOne({ templateId: 'bedroom' });
    expect(photo.status).toBe('completed');
    expect(vendor.requests).toHaveLength(2);
    expect(await storedRow(photo)).toMatchObject({ providerAttempts: 2, providerRequestId: 'resp-2' });
  });

  it('fails a refused photo once, in words an agent understands, and gives its image back', async () => {
    answer = async () => geminiImageSafety;
    const { client, photo } = await stageOne({ templateId: 'living-room' });
    expect(photo).toMatchObject({
      status: 'failed',
      enhancedUrl: null,
      error:
        'The AI provider declined this photo. Try another photo, or change the instructions. The image was not charged.',
    });
    expect(vendor.requests).toHaveLength(1); // a refusal is never retried
    expect(await usage(client)).toMatchObject({ imagesUsed: 0, imagesRemaining: 10 });
  });

  it('fails a photo the provider could not serve after its retries, without a charge', async () => {
    answer = async () => ({
      status: 503,
      body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } },
    });
    const { client, photo } = await stageOne({ templateId: 'kitchen' });
    expect(photo).toMatchObject({
      status: 'failed',
      error: 'The AI provider is unavailable right now; try again in a few minutes. The image was not charged.',
    });
    expect(vendor.requests).toHaveLength(2); // the first try and AI_MAX_RETRIES=1
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });
});

describe('a server configured to send enhancement to the provider, with short job tries', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await startTestApp({
      QUEUE_POLL_SECONDS: '0.5',
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: vendor.baseUrl,
      AI_IMAGES_PER_MINUTE: '6000',
      ENHANCEMENT_ENGINE: 'ai',
      // A try may last 20 s, so it is abandoned after 10 s (half the expiry, as the margin is larger): short
      // enough for the hanging call below, long enough for a real try on a busy CI machine.
      ENHANCE_JOB_EXPIRE_SECONDS: '20',
      ENHANCE_RETRY_LIMIT: '0',
    });
  });
  afterAll(() => configured.close());

  async function enhanceOne(templateId: string) {
    const agent = await signedInAgent(configured);
    await startTrial(agent.client);
    const project = await newProject(agent.client);
    expect((await uploadPhotos(agent.client, project.id, [fixture('empty-interior.jpg')], { templateId })).status).toBe(
      201,
    );
    const [photo] = await settledPhotos(agent.client, project.id);
    return { ...agent, photo: photo! };
  }

  it('sends Professional Enhancement to the provider when ENHANCEMENT_ENGINE=ai', async () => {
    answer = staged((image) => copyImage(image));
    const { photo } = await enhanceOne('professional-enhancement');
    expect(photo).toMatchObject({ status: 'completed', engine: 'ai', needsReview: false, width: 1600, height: 1067 });
    expect(vendor.requests).toHaveLength(1);
  });

  it('gives up a call that would outlive the try, and fails the photo as too slow, without a charge', async () => {
    answer = async () => ({ hang: true });
    const { client, photo } = await enhanceOne('bedroom');
    expect(photo).toMatchObject({
      status: 'failed',
      error: 'The AI provider took too long to answer; try again in a few minutes. The image was not charged.',
    });
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });
});
