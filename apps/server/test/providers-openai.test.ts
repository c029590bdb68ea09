import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from '../src/adapters/ai-openai';
import {
  ProviderBadResponseError,
  ProviderConfigurationError,
  ProviderOutOfCreditError,
  ProviderRefusedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from '../src/infrastructure/ai-providers/errors';
import type { ImageEditRequest } from '../src/infrastructure/ai-providers/provider';
import { withRetries } from '../src/infrastructure/ai-providers/retry';
import {
  OPENAI_EDITS_PATH,
  openAiError,
  openAiImage,
  openAiModerationBlocked,
  readEditForm,
} from './helpers/fake-openai';
import { FakeVendor, recordingSleep, scripted, type Handler } from './helpers/fake-vendor';
import { makeJpeg } from './helpers/images';

let photo: Buffer;
let result: Buffer;
let vendor: FakeVendor | undefined;

beforeAll(async () => {
  photo = await makeJpeg(1600, 1067);
  result = await makeJpeg(1536, 1024);
});
afterEach(async () => {
  await vendor?.close();
  vendor = undefined;
});

async function openai(handler: Handler, { maxRetries = 2, timeoutMs = 10_000, model = 'gpt-image-1' } = {}) {
  vendor = new FakeVendor(handler);
  const baseUrl = `${await vendor.start()}/v1`;
  const { delays, sleep } = recordingSleep();
  const adapter = createOpenAiProvider({ id: 'openai', apiKey: 'sk-test-openai', baseUrl, model });
  const provider = withRetries(adapter, { timeoutMs, maxRetries, sleep, random: () => 0.5 });
  return { provider, delays, requests: vendor.requests };
}

const request = (aspectRatio = 1600 / 1067): ImageEditRequest => ({
  image: photo,
  mimeType: 'image/jpeg',
  prompt: 'Virtually stage this bedroom.',
  aspectRatio,
  targetSize: { width: 1600, height: 1067 },
});

describe('OpenAI adapter through the openai SDK', () => {
  it('posts a multipart edit with the photo, prompt, model and closest size, and reads the image and usage', async () => {
    const { provider, requests } = await openai(scripted(openAiImage(result, 'req_abc')));
    const answer = await provider.edit(request());

    expect(requests).toHaveLength(1);
    const sent = requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe(OPENAI_EDITS_PATH);
    expect(sent.headers.authorization).toBe('Bearer sk-test-openai');
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = await readEditForm(sent);
    expect(form.get('model')).toBe('gpt-image-1');
    expect(form.get('prompt')).toBe('Virtually stage this bedroom.');
    expect(form.get('size')).toBe('1536x1024');
    expect(form.get('n')).toBe('1');
    expect(form.get('input_fidelity')).toBe('high');
    expect(form.get('output_format')).toBe('jpeg');
    const file = form.get('image') as File;
    expect(file.name).toBe('photo.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);

    expect(answer.image.equals(result)).toBe(true);
    expect(answer).toMatchObject({
      provider: 'openai',
      model: 'gpt-image-1',
      mimeType: 'image/jpeg',
      width: 1536,
      height: 1024,
      requestId: 'req_abc',
      attempts: 1,
      usage: { inputTokens: 1_500, outputTokens: 6_208 },
    });
    // 200 text tokens at $5/M, 1300 image tokens at $10/M, 6208 output tokens at $40/M.
    expect(answer.usage!.costUsd).toBeCloseTo(0.26232, 6);
  });

  it('asks for the portrait or square size closest to the photo', async () => {
    const { provider, requests } = await openai(scripted(openAiImage(result)));
    await provider.edit(request(3 / 4));
    await provider.edit(request(1.1));
    const sizes = await Promise.all(requests.map(async (sent) => (await readEditForm(sent)).get('size')));
    expect(sizes).toEqual(['1024x1536', '1024x1024']);
  });

  it('sends only the portable fields to a model that is not a GPT image model (compatible servers)', async () => {
    const { provider, requests } = await openai(scripted(openAiImage(result)), { model: 'flux-kontext-dev' });
    await provider.edit(request());
    const form = await readEditForm(requests[0]!);
    expect(form.get('model')).toBe('flux-kontext-dev');
    expect(form.has('input_fidelity')).toBe(false);
    expect(form.has('output_format')).toBe(false);
  });

  it('honours retry-after on a 429, then succeeds', async () => {
    const limited = {
      ...openAiError(429, 'rate_limit_exceeded', 'Rate limit reached for images per minute'),
      headers: { 'retry-after': '12' },
    };
    const { provider, delays, requests } = await openai(scripted(limited, openAiImage(result)));
    const answer = await provider.edit(request());
    expect(requests).toHaveLength(2);
    expect(delays).toEqual([12_000]);
    expect(answer.attempts).toBe(2);
  });

  it('does not retry a 429 that means the account has no credit', async () => {
    const { provider, requests } = await openai(
      scripted(openAiError(429, 'insufficient_quota', 'You exceeded your current quota.', 'insufficient_quota')),
    );
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderOutOfCreditError);
    expect(requests).toHaveLength(1);
  });

  it('retries a 500 and gives up as unavailable', async () => {
    const { provider, requests, delays } = await openai(
      scripted(openAiError(500, null, 'The server had an error while processing your request.', 'server_error')),
      { maxRetries: 1 },
    );
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).detail).toContain('HTTP 500');
    expect(requests).toHaveLength(2);
    expect(delays).toHaveLength(1);
  });

  it('ends a call that gets no answer with a timeout, without retrying it', async () => {
    const { provider, requests } = await openai(scripted({ hang: true }), { timeoutMs: 300 });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(requests).toHaveLength(1);
  });

  it('reports the safety system refusing the photo as declined, once', async () => {
    const { provider, requests } = await openai(scripted(openAiModerationBlocked));
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect((error as ProviderRefusedError).detail).toContain('moderation_blocked');
    expect(requests).toHaveLength(1);
  });

  it('treats a malformed body, and an answer without an image, as bad responses', async () => {
    const { provider, requests } = await openai(
      scripted(
        { headers: { 'content-type': 'application/json' }, body: '{"created": 1, "data": [' },
        { body: { created: 1, data: [] } },
      ),
      { maxRetries: 0 },
    );
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
    const second = await provider.edit(request()).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(ProviderBadResponseError);
    expect((second as ProviderBadResponseError).detail).toContain('without an image');
    expect(requests).toHaveLength(2);
  });

  it('accepts an image of an unexpected size, and refuses one too small to use', async () => {
    const square = await makeJpeg(1024, 1024);
    const tiny = await makeJpeg(200, 100);
    const { provider } = await openai(scripted(openAiImage(square), openAiImage(tiny)), { maxRetries: 0 });
    const answer = await provider.edit(request());
    expect([answer.width, answer.height]).toEqual([1024, 1024]);
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
  });

  it('reports a rejected key as a configuration problem', async () => {
    const { provider } = await openai(scripted(openAiError(401, 'invalid_api_key', 'Incorrect API key provided.')));
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderConfigurationError);
  });
});

describe('gpt-image-2: any size within its limits', () => {
  it('asks for the original’s shape at its resolution within 3840 px and 8.3 MP, without input_fidelity', async () => {
    const { provider, requests } = await openai(scripted(openAiImage(result, 'req_2', '3520x2336')), {
      model: 'gpt-image-2',
    });
    const answer = await provider.edit({ ...request(), targetSize: { width: 6000, height: 4000 } });
    await provider.edit({ ...request(3 / 4), targetSize: { width: 1200, height: 1600 } });
    const forms = await Promise.all(requests.map(readEditForm));
    expect(forms.map((form) => form.get('size'))).toEqual(['3520x2336', '1200x1600']);
    expect(forms[0]!.has('input_fidelity')).toBe(false);
    expect(forms[0]!.get('output_format')).toBe('jpeg');
    expect(answer.requestedSize).toEqual({ width: 3520, height: 2336 });
    // 200 text tokens at $5/M, 1300 image tokens at $8/M, 6208 output tokens at $30/M.
    expect(answer.usage!.costUsd).toBeCloseTo((200 * 5 + 1300 * 8 + 6208 * 30) / 1e6, 9);
  });

  it('keeps every size a multiple of 16, at least 0.65 MP and at most 3:1', async () => {
    const { provider, requests } = await openai(scripted(openAiImage(result)), { model: 'gpt-image-2' });
    await provider.edit({ ...request(1.5), targetSize: { width: 600, height: 400 } });
    await provider.edit({ ...request(5), targetSize: { width: 5000, height: 1000 } });
    const sizes = await Promise.all(requests.map(async (sent) => String((await readEditForm(sent)).get('size'))));
    for (const size of sizes) {
      const [width, height] = size.split('x').map(Number) as [number, number];
      expect(width % 16).toBe(0);
      expect(height % 16).toBe(0);
      expect(width * height).toBeGreaterThanOrEqual(655_360);
      expect(width * height).toBeLessThanOrEqual(8_294_400);
      expect(Math.max(width / height, height / width)).toBeLessThanOrEqual(3);
    }
    expect(sizes[0]).toBe('992x672');
  });

  it('wants the photo at the size it will answer; the fixed-size models at 2048 px', () => {
    const make = (model: string) =>
      createOpenAiProvider({ id: 'openai', apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model });
    expect(make('gpt-image-2').inputSide({ width: 6000, height: 4000 })).toBe(3520);
    expect(make('gpt-image-2').inputSide({ width: 1600, height: 1067 })).toBe(2048);
    expect(make('gpt-image-1').inputSide({ width: 6000, height: 4000 })).toBe(2048);
  });

  it('treats image_content_policy_violation as a refusal, like moderation_blocked', async () => {
    const violation = openAiError(
      400,
      'image_content_policy_violation',
      'This request has been blocked by our content filters.',
      'invalid_request_error',
    );
    const { provider, requests } = await openai(scripted(violation), { model: 'gpt-image-2' });
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect((error as ProviderRefusedError).detail).toContain('image_content_policy_violation');
    expect(requests).toHaveLength(1);
  });
});
