import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBflProvider } from '../src/adapters/ai-bfl';
import {
  ProviderBadResponseError,
  ProviderOutOfCreditError,
  ProviderRefusedError,
  ProviderTimeoutError,
  ProviderUnavailableError,
} from '../src/infrastructure/ai-providers/errors';
import type { ImageEditRequest } from '../src/infrastructure/ai-providers/provider';
import { withRetries } from '../src/infrastructure/ai-providers/retry';
import { fakeBfl, type BflScript } from './helpers/fake-bfl';
import { type FakeVendor, parseJsonBody, recordingSleep, type Reply } from './helpers/fake-vendor';
import { makeJpeg } from './helpers/images';

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

async function bfl(
  script: Omit<BflScript, 'image'> & { image?: Buffer },
  { maxRetries = 2, timeoutMs = 10_000, model = 'flux-kontext-pro' } = {},
) {
  vendor = fakeBfl({ image: result, ...script });
  const baseUrl = await vendor.start();
  const { delays, sleep } = recordingSleep();
  const adapter = createBflProvider({ id: 'bfl', apiKey: 'bfl-test-key', baseUrl, model }, { pollIntervalMs: 5 });
  const provider = withRetries(adapter, { timeoutMs, maxRetries, sleep, random: () => 0.5 });
  const paths = () => vendor!.requests.map((sent) => `${sent.method} ${sent.url.split('?')[0]}`);
  return { provider, delays, requests: vendor.requests, paths };
}

const request = (aspectRatio = 1600 / 1067): ImageEditRequest => ({
  image: photo,
  mimeType: 'image/jpeg',
  prompt: 'Virtually stage this dining room.',
  aspectRatio,
  targetSize: { width: 1600, height: 1067 },
});

const httpError = (status: number, detail: string, headers?: Record<string, string>): Reply => ({
  status,
  headers,
  body: { detail },
});

describe('BFL FLUX Kontext adapter over REST', () => {
  it('submits the photo and prompt, polls the returned URL until Ready, and downloads the sample without the key', async () => {
    const { provider, requests, paths } = await bfl({ polls: ['Pending', 'Pending', 'Ready'] });
    const answer = await provider.edit(request());

    expect(paths()).toEqual([
      'POST /v1/flux-kontext-pro',
      'GET /v1/get_result',
      'GET /v1/get_result',
      'GET /v1/get_result',
      'GET /delivery/task-1/sample.jpeg',
    ]);
    const submit = requests[0]!;
    expect(submit.headers['x-key']).toBe('bfl-test-key');
    expect(submit.headers['content-type']).toBe('application/json');
    const body = parseJsonBody(submit);
    expect(body).toMatchObject({
      prompt: 'Virtually stage this dining room.',
      aspect_ratio: '3:2',
      output_format: 'jpeg',
      prompt_upsampling: false,
      safety_tolerance: 2,
    });
    expect(Buffer.from(body.input_image as string, 'base64').equals(photo)).toBe(true);
    expect(requests[1]!.url).toBe('/v1/get_result?id=task-1');
    expect(requests[1]!.headers['x-key']).toBe('bfl-test-key');
    expect(requests[4]!.headers['x-key']).toBeUndefined();

    expect(answer.image.equals(result)).toBe(true);
    expect(answer).toMatchObject({
      provider: 'bfl',
      model: 'flux-kontext-pro',
      mimeType: 'image/jpeg',
      width: 1248,
      height: 832,
      requestId: 'task-1',
      attempts: 1,
    });
    // 4 credits of one cent.
    expect(answer.usage!.costUsd).toBeCloseTo(0.04, 10);
  });

  it('sends the photo’s own ratio within 21:9 to 9:21', async () => {
    const { provider, requests } = await bfl({ polls: ['Ready'] });
    await provider.edit(request(9 / 16));
    await provider.edit(request(4));
    const submits = requests.filter((sent) => sent.method === 'POST').map((sent) => parseJsonBody(sent).aspect_ratio);
    expect(submits).toEqual(['9:16', '7:3']);
  });

  it('resubmits after a 429 on submission, honouring Retry-After', async () => {
    const { provider, delays, paths } = await bfl({
      submit: [httpError(429, 'Too many active tasks', { 'retry-after': '5' }), 'accept'],
      polls: ['Ready'],
    });
    const answer = await provider.edit(request());
    expect(delays).toEqual([5_000]);
    expect(paths().filter((path) => path.startsWith('POST'))).toHaveLength(2);
    expect(answer).toMatchObject({ attempts: 2, requestId: 'task-2' });
  });

  it('waits out a transient error while polling instead of paying for a second task', async () => {
    const { provider, paths } = await bfl({ polls: [httpError(503, 'Service Unavailable'), 'Pending', 'Ready'] });
    const answer = await provider.edit(request());
    expect(paths().filter((path) => path.startsWith('POST'))).toHaveLength(1);
    expect(answer.attempts).toBe(1);
  });

  it('retries a 500 on submission and gives up as unavailable', async () => {
    const { provider, paths } = await bfl({ submit: [httpError(500, 'Internal Server Error')] }, { maxRetries: 2 });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
    expect(paths()).toHaveLength(3);
  });

  it('ends a task that never becomes ready with a timeout', async () => {
    const { provider, paths } = await bfl({ polls: ['Pending'] }, { timeoutMs: 300 });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderTimeoutError);
    expect(paths().filter((path) => path.startsWith('POST'))).toHaveLength(1);
  });

  it('ends a submission that hangs with a timeout', async () => {
    const { provider } = await bfl({ submit: [{ hang: true }] }, { timeoutMs: 300 });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it('reports moderated requests and moderated results as declined, without resubmitting', async () => {
    for (const status of ['Request Moderated', 'Content Moderated']) {
      const { provider, paths } = await bfl({ polls: ['Pending', status] });
      const error = await provider.edit(request()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderRefusedError);
      expect((error as ProviderRefusedError).detail).toContain(status);
      expect(paths().filter((path) => path.startsWith('POST'))).toHaveLength(1);
      await vendor!.close();
    }
  });

  it('reports a task that failed on BFL’s side as unavailable', async () => {
    const { provider } = await bfl({ polls: ['Error'] }, { maxRetries: 0 });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('treats malformed answers as bad responses', async () => {
    const { provider } = await bfl({ submit: [{ body: 'upstream proxy error page' }] }, { maxRetries: 0 });
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBadResponseError);
    expect((error as ProviderBadResponseError).detail).toContain('not a JSON object');
    await vendor!.close();

    const noUrl = await bfl({ submit: [{ body: { id: 'task-x' } }] }, { maxRetries: 0 });
    await expect(noUrl.provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
    await vendor!.close();

    const readyWithoutSample = await bfl(
      { polls: [{ body: { id: 'task-1', status: 'Ready', result: {} } }] },
      { maxRetries: 0 },
    );
    await expect(readyWithoutSample.provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
  });

  it('refuses a polling URL that points away from BFL, so the key never leaves', async () => {
    const { provider, paths } = await bfl(
      { submit: [{ body: { id: 'task-1', polling_url: 'https://collector.example.com/steal' } }] },
      { maxRetries: 0 },
    );
    const error = await provider.edit(request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderBadResponseError);
    expect(paths()).toEqual(['POST /v1/flux-kontext-pro']);
  });

  it('accepts a sample of an unexpected size, and refuses one that is not an image', async () => {
    const square = await makeJpeg(1024, 1024);
    const first = await bfl({ polls: ['Ready'], image: square });
    const answer = await first.provider.edit(request());
    expect([answer.width, answer.height]).toEqual([1024, 1024]);
    await vendor!.close();

    const second = await bfl({ polls: ['Ready'], sampleReply: { body: '<html>expired</html>' } }, { maxRetries: 0 });
    await expect(second.provider.edit(request())).rejects.toBeInstanceOf(ProviderBadResponseError);
  });

  it('reports a 402 as out of credit, without retrying', async () => {
    const { provider, paths } = await bfl({ submit: [httpError(402, 'Insufficient credits')] });
    await expect(provider.edit(request())).rejects.toBeInstanceOf(ProviderOutOfCreditError);
    expect(paths()).toHaveLength(1);
  });
});

describe('FLUX.2 [pro]: an exact output size', () => {
  it('asks for width and height (multiples of 16, up to 4 MP and 2048 px) instead of a ratio', async () => {
    const { provider, requests, paths } = await bfl({ polls: ['Ready'] }, { model: 'flux-2-pro' });
    const answer = await provider.edit({ ...request(), targetSize: { width: 6000, height: 4000 } });
    await provider.edit({ ...request(3 / 4), targetSize: { width: 900, height: 1200 } });
    expect(paths()[0]).toBe('POST /v1/flux-2-pro');
    const submits = requests.filter((sent) => sent.method === 'POST').map(parseJsonBody);
    expect(submits[0]).toMatchObject({ width: 2048, height: 1360, output_format: 'jpeg', safety_tolerance: 2 });
    expect(submits[0]).not.toHaveProperty('aspect_ratio');
    expect(submits[1]).toMatchObject({ width: 896, height: 1200 });
    expect(answer.requestedSize).toEqual({ width: 2048, height: 1360 });
  });
});

describe('FLUX.1 Fill: an area edit', () => {
  it('sends the photo and the white-where-painted mask to the fill model, with no size, ratio or references', async () => {
    const { provider, requests, paths } = await bfl({ polls: ['Pending', 'Ready'] }, { model: 'flux-2-pro' });
    const white = await makeJpeg(16, 16);
    const clear = await makeJpeg(8, 8);
    const reference = { image: await makeJpeg(64, 48), mimeType: 'image/jpeg' as const };
    const answer = await provider.edit({ ...request(), mask: { white, clear }, references: [reference] });

    expect(paths()).toEqual([
      'POST /v1/flux-pro-1.0-fill',
      'GET /v1/get_result',
      'GET /v1/get_result',
      'GET /delivery/task-1/sample.jpeg',
    ]);
    const body = parseJsonBody(requests[0]!);
    expect(Buffer.from(body.image as string, 'base64').equals(photo)).toBe(true);
    expect(Buffer.from(body.mask as string, 'base64').equals(white)).toBe(true);
    expect(body).toMatchObject({ prompt: 'Virtually stage this dining room.', output_format: 'jpeg' });
    for (const absent of ['input_image', 'input_image_2', 'width', 'height', 'aspect_ratio']) {
      expect(body).not.toHaveProperty(absent);
    }
    expect(answer.model).toBe('flux-pro-1.0-fill');
    expect(answer.requestedSize).toBeUndefined();
    expect(answer.image.equals(result)).toBe(true);
  });
});
