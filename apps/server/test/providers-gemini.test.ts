import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGeminiProvider } from '../src/adapters/ai-gemini';
import {
  ProviderBadResponseError,
  ProviderBusyError,
  ProviderConfigurationError,
  ProviderRefusedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from '../src/infrastructure/ai-providers/errors';
import type { ImageEditRequest } from '../src/infrastructure/ai-providers/provider';
import { withRetries } from '../src/infrastructure/ai-providers/retry';
import {
  geminiError,
  geminiFinalInSecondCandidate,
  geminiImage,
  geminiImageSafety,
  geminiPath,
  geminiPromptBlocked,
  geminiRateLimited,
  geminiThinkingImage,
} from './helpers/fake-gemini';
import { FakeVendor, parseJsonBody, recordingSleep, scripted, type Handler } from './helpers/fake-vendor';
import { makeJpeg, makePng } from './helpers/images';

const MODEL = 'gemini-2.5-flash-image';
let photo: Buffer;
let result: Buffer;
let vendor: FakeVendor | undefined;

beforeAll(async () => {
  photo = await makeJpeg(1600, 1067);
  result = await makeJpeg(1248, 832);
});
afterEach(async () => {
  await vendor?.close();
  vendor = undefined;
});

async function gemini(handler: Handler, { maxRetries = 2, timeoutMs = 10_000, model = MODEL } = {}) {
  vendor = new FakeVendor(handler);
  const baseUrl = await vendor.start();
  const { delays, sleep } = recordingSleep();
  const adapter = createGeminiProvider({ id: 'gemini', apiKey: 'test-gemini-key', baseUrl, model });
  const provider = withRetries(adapter, { timeoutMs, maxRetries, sleep, random: () => 0.5 });
  return { provider, delays, requests: vendor.requests };
}

const request = (): ImageEditRequest => ({
  image: photo,
  mimeType: 'image/jpeg',
  prompt: 'Virtually stage this living room.',
  aspectRatio: 1600 / 1067,
  targetSize: { width: 1600, height: 1067 },
});

describe('Gemini adapter through @google/genai', () => {
  it('sends the photo as inline data with the prompt, asks for an image in the closest aspect ratio, and reads the answer', async () => {
    const { provider, requests } = await gemini(scripted(geminiImage(result, 'image/jpeg', 'resp-42')));
    const answer = await provider.edit(request());

    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(geminiPath(MODEL));
    expect(sent.headers['x-goog-api-key']).toBe('test-gemini-key');
    const body = parseJsonBody(sent) as {
      contents: { role: string; parts: { inlineData?: { mimeType: string; data: string }; text?: string }[] }[];
      generationConfig: { responseModalities: string[]; imageConfig: { aspectRatio: string } };
    };
    const parts = body.contents[0]!.parts;
    expect(body.contents[0]!.role).toBe('user');
    expect(parts[0]!.inlineData!.mimeType).toBe('image/jpeg');
    expect(Buffer.from(parts[0]!.inlineData!.data, 'base64').equals(photo)).toBe(true);
    expect(parts[1]!.text).toBe('Virtually stage this living room.');
    expect(body.generationConfig.responseModalities).toEqual(['IMAGE']);
    expect(body.generationConfig.imageConfig.aspectRatio).toBe('3:2');

    expect(answer.image.equals(result)).toBe(true);
    expect(answer).toMatchObject({
      provider: 'gemini',
      mimeType: 'image/jpeg',
      width: 1248,
      height: 832,
      model: MODEL,
      requestId: 'resp-42',
      attempts: 1,
      usage: { inputTokens: 1306, outputTokens: 1290 },
    });
    // 1306 input tokens at $0.30/M plus 1290 image tokens at $30/M.
    expect(answer.usage!.costUsd).toBeCloseTo(0.039092, 6);
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('asks for portrait and panoramic shapes for portrait and panoramic photos', async () => {
    const { provider, requests } = await gemini(scripted(geminiImage(result)));
    await provider.edit({ ...request(), aspectRatio: 1067 / 1600 });
    await provider.edit({ ...request(), aspectRatio: 3 });
    const ratios = requests.map(
      (sent) =>
        (parseJsonBody(sent) as { generationConfig: { imageConfig: { aspectRatio: string } } }).generationConfig
          .imageConfig.aspectRatio,
    );
    expect(ratios).toEqual(['2:3', '21:9']);
  });

  it('waits as long as RetryInfo asks after a 429, then succeeds', async () => {
    const { provider, delays, requests } = await gemini(scripted(geminiRateLimited('7s'), geminiImage(result)));
    const answer = await provider.edit(request());
    expect(requests).toHaveLength(2);
    expect(delays).toEqual([7_000]);
    expect(answer.attempts).toBe(2);
  });

  it('honours a Retry-After header on a 429', async () => {
    const limited = { ...geminiError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded'), headers: { 'retry-after': '3' } };
    const { provider, delays } = await gemini(scripted(limited, geminiImage(result)));
    await provider.edit(request());
    expect(delays).toEqual([3_000]);
  });

  it('retries a 500 with backoff and gives up as unavailable', async () => {
    const { provider, delays, requests } = await gemini(
      scripted(geminiError(500, 'INTERNAL', 'An internal error has occurred.')),
      { maxRetries: 2 },
    );
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).message).toBe(
      'The AI provider is unavailable right now; try again in a few minutes.',
    );
    expect((error as ProviderUnavailableError).detail).toContain('HTTP 500 INTERNAL');
    expect(requests).toHaveLength(3);
    // Jitter fixed at the middle: ¾ of 1 s, then ¾ of 2 s.
    expect(delays).toEqual([750, 1_500]);
  });

  it('ends a call that gets no answer with a timeout, without retrying it', async () => {
    const { provider, requests } = await gemini(scripted({ hang: true }), { timeoutMs: 300 });
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderTimeoutError);
    expect((error as Error).message).toBe('The AI provider took too long to answer; try again in a few minutes.');
    expect(requests).toHaveLength(1);
  });

  it('reports a safety refusal with no image as declined, once', async () => {
    const { provider, requests } = await gemini(scripted(geminiImageSafety));
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect((error as Error).message).toMatch(/^The AI provider declined this photo/);
    expect((error as ProviderRefusedError).detail).toContain('IMAGE_SAFETY');
    expect(requests).toHaveLength(1);
  });

  it('reports a blocked prompt as declined', async () => {
    const { provider } = await gemini(scripted(geminiPromptBlocked));
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderRefusedError);
  });

  it('treats a body that is not JSON as a bad response, retried', async () => {
    const { provider, requests } = await gemini(
      scripted({ headers: { 'content-type': 'application/json' }, body: '{"candidates": [' }),
      { maxRetries: 1 },
    );
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
    expect(requests).toHaveLength(2);
  });

  it('treats an answer with text but no image as a bad response', async () => {
    const textOnly = {
      body: {
        candidates: [{ content: { role: 'model', parts: [{ text: 'I cannot do that.' }] }, finishReason: 'STOP' }],
      },
    };
    const { provider } = await gemini(scripted(textOnly), { maxRetries: 0 });
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBadResponseError);
    expect((error as ProviderBadResponseError).detail).toContain('I cannot do that.');
  });

  it('accepts an image of an unexpected shape, reporting its real size', async () => {
    const square = await makeJpeg(1024, 1024);
    const { provider } = await gemini(scripted(geminiImage(square, 'image/jpeg')));
    const answer = await provider.edit(request());
    expect([answer.width, answer.height]).toEqual([1024, 1024]);
  });

  it('refuses an image too small to be the room, and bytes that are not an image', async () => {
    const tiny = await makeJpeg(64, 48);
    const { provider } = await gemini(
      scripted(geminiImage(tiny, 'image/jpeg'), geminiImage(Buffer.from('not an image'))),
      {
        maxRetries: 0,
      },
    );
    const first = await provider.edit(request()).catch((e: unknown) => e);
    expect((first as ProviderBadResponseError).detail).toContain('64×48');
    const second = await provider.edit(request()).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(ProviderBadResponseError);
    expect((second as ProviderBadResponseError).detail).toContain('cannot be read');
  });

  it('reports a rejected key as a configuration problem, and a 429 with an hour to wait as busy without waiting', async () => {
    const { provider, delays } = await gemini(
      scripted(
        geminiError(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'),
        geminiRateLimited('3600s'),
      ),
    );
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderConfigurationError);
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderBusyError);
    expect(delays).toEqual([]);
  });
});

type SentImageConfig = { generationConfig: { imageConfig: { aspectRatio: string; imageSize?: string } } };
const imageConfigOf = (sent: { body: Buffer }) =>
  (parseJsonBody(sent as never) as SentImageConfig).generationConfig.imageConfig;

describe('Gemini 3 image models: sizes, thinking drafts and prices', () => {
  const FLASH = 'gemini-3.1-flash-image-preview';

  it('asks for the resolution closest to the original: 4K for 24 MP, 2K for 3 MP, 1K for 1.7 MP', async () => {
    const { provider, requests } = await gemini(scripted(geminiImage(result)), { model: FLASH });
    for (const targetSize of [
      { width: 6000, height: 4000 },
      { width: 2100, height: 1400 },
      { width: 1600, height: 1067 },
    ]) {
      await provider.edit({ ...request(), targetSize });
    }
    expect(requests.map(imageConfigOf)).toEqual([
      { aspectRatio: '3:2', imageSize: '4K' },
      { aspectRatio: '3:2', imageSize: '2K' },
      { aspectRatio: '3:2', imageSize: '1K' },
    ]);
  });

  it('never sends imageSize to Gemini 2.5 Flash Image, which answers at 1K only', async () => {
    const { provider, requests } = await gemini(scripted(geminiImage(result)));
    const answer = await provider.edit({ ...request(), targetSize: { width: 6000, height: 4000 } });
    expect(imageConfigOf(requests[0]!)).toEqual({ aspectRatio: '3:2' });
    expect(answer.requestedSize).toBeUndefined();
  });

  it('reports the size it asked for, so an answer at 1K when 4K was asked is seen', async () => {
    const { provider } = await gemini(scripted(geminiImage(result)), { model: FLASH });
    const answer = await provider.edit({ ...request(), targetSize: { width: 6000, height: 4000 } });
    expect(answer.requestedSize).toEqual({ width: 5056, height: 3392 });
    expect({ width: answer.width, height: answer.height }).toEqual({ width: 1248, height: 832 });
  });

  it('wants the photo at the size it will answer, up to 3072 px; 2048 px for Gemini 2.5', () => {
    const flash = createGeminiProvider({ id: 'gemini', apiKey: 'k', baseUrl: undefined, model: FLASH });
    const old = createGeminiProvider({ id: 'gemini', apiKey: 'k', baseUrl: undefined, model: MODEL });
    expect(flash.inputSide({ width: 6000, height: 4000 })).toBe(3072);
    expect(flash.inputSide({ width: 2100, height: 1400 })).toBe(2528);
    expect(flash.inputSide({ width: 1600, height: 1067 })).toBe(2048);
    expect(old.inputSide({ width: 6000, height: 4000 })).toBe(2048);
  });

  it('takes the final image, not the draft (thought) images before it, and prices image and thinking tokens apart', async () => {
    const [draftA, draftB, final] = await Promise.all([makePng(1264, 848), makePng(1200, 800), makePng(2528, 1696)]);
    const { provider } = await gemini(scripted(geminiThinkingImage([draftA, draftB], final)), { model: FLASH });
    const answer = await provider.edit({ ...request(), targetSize: { width: 6000, height: 4000 } });
    expect(answer.image.equals(final)).toBe(true);
    expect({ width: answer.width, height: answer.height }).toEqual({ width: 2528, height: 1696 });
    expect(answer.usage).toMatchObject({ inputTokens: 1400, outputTokens: 2520 + 300 });
    // 1400 input tokens at $0.50/M, 2520 image tokens at $60/M, 300 thinking tokens at $3/M.
    expect(answer.usage!.costUsd).toBeCloseTo((1400 * 0.5 + 2520 * 60 + 300 * 3) / 1e6, 9);
  });

  it('reads every candidate for the final image', async () => {
    const [draft, final] = await Promise.all([makePng(1264, 848), makePng(2528, 1696)]);
    const { provider } = await gemini(scripted(geminiFinalInSecondCandidate(draft, final)), {
      model: 'gemini-3-pro-image-preview',
    });
    const answer = await provider.edit(request());
    expect(answer.image.equals(final)).toBe(true);
  });

  it('treats an answer with only drafts as a bad response that says so, never using a draft', async () => {
    const draft = await makePng(1264, 848);
    const onlyDrafts = geminiThinkingImage([draft], draft);
    const body = onlyDrafts.body as { candidates: { content: { parts: Record<string, unknown>[] } }[] };
    body.candidates[0]!.content.parts.pop();
    const { provider } = await gemini(scripted(onlyDrafts), { model: FLASH, maxRetries: 0 });
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBadResponseError);
    expect((error as ProviderBadResponseError).detail).toContain('only 1 draft (thought) image');
  });
});
