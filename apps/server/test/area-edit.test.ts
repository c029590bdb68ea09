import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoVersionListSchema, type CreateVersionsResponse, type Photo, type PhotoVersion } from '@hearth/contracts';
import { simulateProvider } from '@hearth/image-engine/test-support';
import {
  decodeImageBuffer,
  DISPLAY_SIDE,
  encodeRgbToJpegBuffer,
  encodeRgbToPngBuffer,
  readImageBufferInfo,
  type RgbImage,
} from '@hearth/image-engine';
import { AREA_EDIT_PROMPT } from '../src/modules/enhancement/area-edit';
import { enhancePhoto } from '../src/modules/enhancement/enhance-photo';
import { startTestApp, storageOf, tempDirOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';
import { fixture, zipEntries } from './helpers/fixtures';
import { geminiImage, geminiImageSafety, geminiSentImage } from './helpers/fake-gemini';
import { openAiImage, readEditForm } from './helpers/fake-openai';
import { FakeVendor, parseJsonBody, type RecordedRequest, type Reply } from './helpers/fake-vendor';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

/**
 * Issue 13, 'Edit an area': a new version made from a finished one, changed only inside the painted area.
 * Through the queue to loopback vendors: Gemini (no mask: it is sent the whole photo and changes all of it)
 * and OpenAI (the mask is sent). Every pixel outside the area must decode to exactly the base version's.
 */

/** A whole-photo change, as a model that takes no mask might make: every pixel redder, and the frame reshaped. */
async function recoloured(sent: Buffer) {
  const image = await decodeImageBuffer(sent);
  for (let i = 0; i < image.data.length; i += 3) image.data[i] = Math.min(255, image.data[i]! + 90);
  return encodeRgbToJpegBuffer(await simulateProvider(image, { width: 1248, height: 832, framing: 'stretched' }));
}

let answer: (request: RecordedRequest) => Promise<Reply>;
const stage = async (request: RecordedRequest) =>
  geminiImage(await recoloured(geminiSentImage(request)), 'image/jpeg', `resp-${gemini.requests.length}`);
const gemini = new FakeVendor((request) => answer(request));
const openai = new FakeVendor(async (request) => {
  const form = await readEditForm(request);
  const image = Buffer.from(await (form.get('image') as File).arrayBuffer());
  return openAiImage(await recoloured(image));
});
let testApp: TestApp;
let openAiApp: TestApp;

const queueSettings = {
  QUEUE_POLL_SECONDS: '0.5',
  AI_IMAGES_PER_MINUTE: '6000',
  AI_MAX_RETRIES: '1',
  ENHANCE_RETRY_LIMIT: '0',
};

beforeAll(async () => {
  await Promise.all([gemini.start(), openai.start()]);
  testApp = await startTestApp({
    ...queueSettings,
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: gemini.baseUrl,
  });
  openAiApp = await startTestApp({
    ...queueSettings,
    OPENAI_API_KEY: 'test-openai-key',
    OPENAI_BASE_URL: `${openai.baseUrl}/v1`,
  });
});
afterAll(async () => {
  await Promise.all([testApp?.close(), openAiApp?.close()]);
  await Promise.all([gemini.close(), openai.close()]);
});
beforeEach(() => {
  gemini.requests.length = 0;
  openai.requests.length = 0;
  answer = stage;
});

async function stagedPhoto(app = testApp) {
  const agent = await signedInAgent(app);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  const upload = await uploadPhotos(agent.client, project.id, [fixture('empty-interior.jpg')], {
    templateId: 'living-room',
  });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const [photo] = await settledPhotos(agent.client, project.id);
  expect(photo!.status).toBe('completed');
  const [version] = await versionsOf(agent.client, photo!.id);
  return { client: agent.client, project, photo: photo!, version: version! };
}

const versionsOf = async (client: ApiClient, photoId: string) => {
  const response = await client.get<PhotoVersion[]>(`/api/photos/${photoId}/versions`);
  expect(response.status).toBe(200);
  return photoVersionListSchema.parse(response.body);
};

async function settledVersions(client: ApiClient, photoId: string) {
  await expect
    .poll(
      async () => (await versionsOf(client, photoId)).every((v) => v.status === 'completed' || v.status === 'failed'),
      {
        timeout: 90_000,
        interval: 250,
      },
    )
    .toBe(true);
  return versionsOf(client, photoId);
}

/** The lower-left area a brush paints over: the floor in front of the left wall. */
const painted = (x: number, y: number, width: number, height: number) =>
  x > width * 0.1 && x < width * 0.5 && y > height * 0.55 && y < height * 0.92;

/** A mask PNG, white where painted on black (the no-alpha form), at `width`×`height`. */
async function maskPng(width: number, height: number, paint = painted) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++)
      if (paint(x, y, width, height)) data.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return encodeRgbToPngBuffer({ data, width, height });
}

async function decoded(client: ApiClient, url: string): Promise<RgbImage> {
  const response = await client.bytes(url);
  expect(response.status).toBe(200);
  return decodeImageBuffer(response.data);
}

/** Counts pixels outside the area that differ from the base (must be 0) and the fraction inside that changed. */
function compare(base: RgbImage, edited: RgbImage) {
  expect([edited.width, edited.height]).toEqual([base.width, base.height]);
  let outsideChanged = 0;
  let inside = 0;
  let insideChanged = 0;
  for (let y = 0; y < base.height; y++) {
    for (let x = 0; x < base.width; x++) {
      const p = (y * base.width + x) * 3;
      const same =
        base.data[p] === edited.data[p] &&
        base.data[p + 1] === edited.data[p + 1] &&
        base.data[p + 2] === edited.data[p + 2];
      if (painted(x, y, base.width, base.height)) {
        inside++;
        if (!same) insideChanged++;
      } else if (!same) outsideChanged++;
    }
  }
  return { outsideChanged, insideChangedFraction: insideChanged / inside };
}

/**
 * The version's PNG once its area's rows are compacted: stored, they appear in the file byte for byte (none
 * would, deflated). Asked again until then (the job compacts right after the version is shown).
 */
async function compactedDownload(client: ApiClient, url: string): Promise<Buffer> {
  for (let attempt = 0; ; attempt++) {
    const png = (await client.bytes(url)).data;
    const image = await decodeImageBuffer(png);
    const rowBytes = image.width * 3;
    // Rows well inside the painted band; 24 bytes from the middle of each.
    const stored = [0.65, 0.7, 0.75, 0.8, 0.85].some((at) => {
      const start = Math.round(image.height * at) * rowBytes + Math.round(rowBytes / 2);
      return png.includes(image.data.subarray(start, start + 24));
    });
    if (!stored) return png;
    if (attempt === 100) throw new Error('the area edit’s PNG was never compacted');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const areaEdit = (client: ApiClient, photoId: string, versionId: string, body: unknown) =>
  client.post<CreateVersionsResponse & { error?: { message: string } }>(
    `/api/photos/${photoId}/versions/${versionId}/area-edit`,
    body,
  );

describe('edit an area', () => {
  it('changes only inside the painted area: every pixel outside is the base version’s, exactly; one image', async () => {
    const { client, photo, version, project } = await stagedPhoto();
    const base = await decoded(client, version.imageUrl!);
    const mask = await maskPng(base.width, base.height);
    const created = await areaEdit(client, photo.id, version.id, {
      instructions: 'remove the floor lamp',
      mask: `data:image/png;base64,${mask.toString('base64')}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.versions).toMatchObject([
      { number: 2, status: 'waiting', baseVersionId: version.id, instructions: 'remove the floor lamp' },
    ]);

    const [, edit] = await settledVersions(client, photo.id);
    expect(edit).toMatchObject({ status: 'completed', chosen: false, baseVersionId: version.id, provider: 'gemini' });
    // The whole photo went to Gemini (it takes no mask), with the instruction and what to leave alone.
    const prompt = (
      parseJsonBody(gemini.requests.at(-1)!) as { contents: { parts: { text?: string }[] }[] }
    ).contents[0]!.parts.find((p) => p.text)!.text!;
    expect(prompt).toContain('remove the floor lamp');
    expect(prompt).toContain(AREA_EDIT_PROMPT);

    // The version's file (its download) is the lossless PNG: compared pixel by pixel with the base.
    const download = await client.bytes(edit!.downloadUrl!);
    expect(download.headers.get('content-disposition')).toContain('empty-interior_v2.png');
    expect((await readImageBufferInfo(download.data)).format).toBe('png');
    const { outsideChanged, insideChangedFraction } = compare(base, await decodeImageBuffer(download.data));
    expect(outsideChanged).toBe(0);
    expect(insideChangedFraction).toBeGreaterThan(0.9);
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
    // The area's rows are stored uncompressed at first, and the job then puts the same PNG with them deflated
    // in its place: whichever is read, the same pixels.
    const compacted = await compactedDownload(client, edit!.downloadUrl!);
    expect(compacted.length).toBeLessThan(download.data.length + 1);
    expect((await decodeImageBuffer(compacted)).data.equals((await decodeImageBuffer(download.data)).data)).toBe(true);

    // On screen it is shown from a JPEG copy of the same picture, a fraction of the PNG's size: at most
    // DISPLAY_SIDE long (this photo is smaller, so the copy is full size; the engine's tests shrink a larger one).
    const shown = await client.bytes(edit!.imageUrl!);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(base.width).toBeLessThanOrEqual(DISPLAY_SIDE);
    expect(await readImageBufferInfo(shown.data)).toMatchObject({ format: 'jpeg', width: base.width });
    expect(shown.data.length).toBeLessThan(download.data.length / 2);
    const all = await client.bytes(`/api/projects/${project.id}/download?versions=all`);
    expect((await zipEntries(all.data)).map((e) => e.name).sort()).toEqual([
      'empty-interior_v1.jpg',
      'empty-interior_v2.png',
    ]);

    // Chosen, the area edit is what the photo downloads as.
    const chosen = await client.post<Photo>(`/api/photos/${photo.id}/versions/${edit!.id}/choose`);
    expect(chosen.status).toBe(200);
    const photoDownload = await client.bytes(chosen.body.downloadUrl!);
    expect(photoDownload.headers.get('content-type')).toBe('image/png');
    expect(photoDownload.headers.get('content-disposition')).toContain('empty-interior_enhanced.png');
    expect((await client.bytes(chosen.body.enhancedUrl!)).headers.get('content-type')).toBe('image/jpeg');

    // An area edit of the area edit starts from its PNG, and keeps its pixels outside the (smaller) area.
    const second = await areaEdit(client, photo.id, edit!.id, {
      instructions: 'add a plant',
      mask: (await maskPng(base.width / 2, Math.round(base.height / 2))).toString('base64'),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const versions = await settledVersions(client, photo.id);
    expect(versions[2]).toMatchObject({ status: 'completed', baseVersionId: edit!.id });
    const before = await decodeImageBuffer(download.data);
    const after = await decoded(client, versions[2]!.downloadUrl!);
    // Painted at half size: the area is the same rectangle up to two pixels at its edges, so compare away from them.
    let changedOutside = 0;
    for (let y = 0; y < before.height; y++) {
      for (let x = 0; x < before.width; x++) {
        const nearArea = [-3, 3].some((dx) =>
          [-3, 3].some((dy) => painted(x + dx, y + dy, before.width, before.height)),
        );
        const p = (y * before.width + x) * 3;
        if (!nearArea && !before.data.subarray(p, p + 3).equals(after.data.subarray(p, p + 3))) changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
    expect(await usage(client)).toMatchObject({ imagesUsed: 3 });
  });

  it('refuses a mask that is not a PNG, paints nothing, has another shape, or no instruction, with a 400 that says why', async () => {
    const { client, photo, version } = await stagedPhoto();
    const { width, height } = version as { width: number; height: number };
    const jpeg = await encodeRgbToJpegBuffer({ data: Buffer.alloc(width * height * 3, 255), width, height });
    const cases: [unknown, string][] = [
      [{ instructions: 'remove the lamp', mask: jpeg.toString('base64') }, 'The painted area must be a PNG image.'],
      [
        { instructions: 'remove the lamp', mask: (await maskPng(width, height, () => false)).toString('base64') },
        'Nothing is painted: paint over the area to change, then submit.',
      ],
      [
        { instructions: 'remove the lamp', mask: (await maskPng(200, 200)).toString('base64') },
        `The painted area (200×200) does not have the shape of the version (${width}×${height}).`,
      ],
      [
        { instructions: '  ', mask: (await maskPng(width, height)).toString('base64') },
        'Say what to change inside the painted area.',
      ],
      [{ instructions: 'remove the lamp', mask: 'not base64!' }, 'The painted area must be a PNG image in base64'],
      [{ instructions: 'remove the lamp' }, 'Paint the area to change: the painted area is missing.'],
    ];
    for (const [body, message] of cases) {
      const response = await areaEdit(client, photo.id, version.id, body);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect(await versionsOf(client, photo.id)).toHaveLength(1);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
  });

  it('a refused edit fails its version and gives the image back; a re-delivered job makes nothing twice', async () => {
    const { client, photo, version } = await stagedPhoto();
    const mask = (await maskPng(version.width!, version.height!)).toString('base64');
    answer = async () => geminiImageSafety;
    expect((await areaEdit(client, photo.id, version.id, { instructions: 'remove the lamp', mask })).status).toBe(201);
    const [, failed] = await settledVersions(client, photo.id);
    expect(failed).toMatchObject({ status: 'failed', imageUrl: null });
    expect(failed!.error).toMatch(/The image was not charged\.$/);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    // A failed version cannot be edited.
    const again = await areaEdit(client, photo.id, failed!.id, { instructions: 'remove the lamp', mask });
    expect(again.status).toBe(409);

    answer = stage;
    expect((await areaEdit(client, photo.id, version.id, { instructions: 'remove the lamp', mask })).status).toBe(201);
    const [, , done] = await settledVersions(client, photo.id);
    expect(done).toMatchObject({ status: 'completed' });
    const calls = gemini.requests.length;
    const outcome = await enhancePhoto(
      {
        db: testApp.database.db,
        storage: storageOf(testApp),
        tempDir: tempDirOf(testApp),
        log: pino({ level: 'silent' }),
      },
      done!.id,
      { isLastAttempt: true },
    );
    expect(outcome).toMatchObject({ status: 'skipped' });
    expect(await versionsOf(client, photo.id)).toHaveLength(3);
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
    expect(gemini.requests).toHaveLength(calls);
  });

  it("another user's photo or version is not found, and nothing is charged", async () => {
    const { client, photo, version } = await stagedPhoto();
    const other = await stagedPhoto();
    const mask = (await maskPng(version.width!, version.height!)).toString('base64');
    const stranger = await signedInAgent(testApp);
    await startTrial(stranger.client);
    const body = { instructions: 'remove the lamp', mask };
    for (const response of [
      await areaEdit(stranger.client, photo.id, version.id, body),
      // A version of another photo (even the same user's) under this photo's path.
      await areaEdit(client, photo.id, other.version.id, body),
      await areaEdit(client, photo.id, '00000000-0000-4000-8000-000000000000', body),
    ]) {
      expect(response.status).toBe(404);
    }
    expect(await usage(stranger.client)).toMatchObject({ imagesUsed: 0 });
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await areaEdit(anonymous, photo.id, version.id, body)).status).toBe(401);
  });
});

describe('a provider that takes a mask', () => {
  it('OpenAI is sent the mask (transparent where painted, at the size of the photo sent); outside stays exact', async () => {
    const { client, photo, version } = await stagedPhoto(openAiApp);
    const base = await decoded(client, version.imageUrl!);
    const created = await areaEdit(client, photo.id, version.id, {
      instructions: 'replace the sofa with a dark leather one',
      mask: (await maskPng(base.width, base.height)).toString('base64'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [, edit] = await settledVersions(client, photo.id);
    expect(edit).toMatchObject({ status: 'completed', provider: 'openai' });

    const form = await readEditForm(openai.requests.at(-1)!);
    const sentImage = await readImageBufferInfo(Buffer.from(await (form.get('image') as File).arrayBuffer()));
    const sentMask = Buffer.from(await (form.get('mask') as File).arrayBuffer());
    const maskInfo = await readImageBufferInfo(sentMask);
    expect(maskInfo).toMatchObject({ format: 'png', width: sentImage.width, height: sentImage.height });
    // Flattened onto white, the transparent (painted) pixels turn white and the rest stay black.
    const flat = await decodeImageBuffer(sentMask);
    const at = (fx: number, fy: number) =>
      flat.data[(Math.round(fy * flat.height) * flat.width + Math.round(fx * flat.width)) * 3];
    expect([at(0.3, 0.75), at(0.8, 0.2)]).toEqual([255, 0]);
    expect(String(form.get('prompt'))).toContain('replace the sofa with a dark leather one');

    const { outsideChanged, insideChangedFraction } = compare(base, await decoded(client, edit!.downloadUrl!));
    expect(outsideChanged).toBe(0);
    expect(insideChangedFraction).toBeGreaterThan(0.9);
  });
});
