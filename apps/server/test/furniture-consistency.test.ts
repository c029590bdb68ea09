import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { photoVersionListSchema, type Photo, type PhotoVersion, type Project } from '@hearth/contracts';
import { decodeImageBuffer, encodeForProvider, encodeRgbToJpegBuffer } from '@hearth/image-engine';
import { addFurniture, simulateProvider } from '@hearth/image-engine/test-support';
import { createBflProvider } from '../src/adapters/ai-bfl';
import { createOpenAiProvider } from '../src/adapters/ai-openai';
import type { ImageEditRequest } from '../src/infrastructure/ai-providers/provider';
import { furnitureReferenceInstruction } from '../src/modules/enhancement/generative-edit';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import { fakeBfl } from './helpers/fake-bfl';
import { geminiImage, geminiPromptSent } from './helpers/fake-gemini';
import { OPENAI_EDITS_PATH, openAiImage, readEditForm } from './helpers/fake-openai';
import { FakeVendor, parseJsonBody, scripted, type RecordedRequest } from './helpers/fake-vendor';
import { fixture } from './helpers/fixtures';
import { makeJpeg } from './helpers/images';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

/**
 * Issue 13, same furniture across a listing (decision 111): with 'Keep furniture consistent' on, staging a photo
 * of a room sends the room's accepted staging (the first chosen staged version of another photo with the same
 * room) to the provider as a reference image, and the prompt says what it is for.
 */

type Body = { contents: { parts: { inlineData?: { data: string }; text?: string }[] }[] };
const imagesSent = (request: RecordedRequest) =>
  (parseJsonBody(request) as Body).contents[0]!.parts.flatMap((p) =>
    p.inlineData ? [Buffer.from(p.inlineData.data, 'base64')] : [],
  );
const promptSent = geminiPromptSent;

const gemini = new FakeVendor(async (request) => {
  const sent = await decodeImageBuffer(imagesSent(request)[0]!);
  const result = await simulateProvider(addFurniture(sent), { width: 1248, height: 832, framing: 'stretched' });
  return geminiImage(await encodeRgbToJpegBuffer(result), 'image/jpeg');
});
let testApp: TestApp;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'furniture-'));
  await gemini.start();
  testApp = await startTestApp({
    QUEUE_POLL_SECONDS: '0.5',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: gemini.baseUrl,
    GEMINI_MODEL: 'gemini-2.5-flash-image',
    AI_IMAGES_PER_MINUTE: '6000',
    AI_MAX_RETRIES: '0',
    ENHANCE_RETRY_LIMIT: '0',
  });
});
afterAll(async () => {
  await testApp.close();
  await gemini.close();
  await rm(scratch, { recursive: true, force: true });
});
beforeEach(() => {
  gemini.requests.length = 0;
});

const versionsOf = async (client: ApiClient, photoId: string) =>
  photoVersionListSchema.parse((await client.get<PhotoVersion[]>(`/api/photos/${photoId}/versions`)).body);

async function settledVersions(client: ApiClient, photoId: string) {
  await expect
    .poll(async () => (await versionsOf(client, photoId)).every((v) => !['waiting', 'processing'].includes(v.status)), {
      timeout: 90_000,
      interval: 250,
    })
    .toBe(true);
  return versionsOf(client, photoId);
}

/** Two photos of one listing, staged as living rooms (each on its own: no room named yet). */
async function stagedListing() {
  const { client } = await signedInAgent(testApp);
  await startTrial(client);
  const project = await newProject(client);
  const upload = await uploadPhotos(
    client,
    project.id,
    [fixture('empty-interior.jpg'), fixture('furnished-interior.jpg')],
    { templateId: 'living-room' },
  );
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const photos = await settledPhotos(client, project.id);
  expect(photos.map((p) => p.status)).toEqual(['completed', 'completed']);
  return { client, project, photos };
}

const setRoom = (client: ApiClient, photoId: string, room: string | null) =>
  client.patch<Photo>(`/api/photos/${photoId}`, { room });
const keepFurniture = (client: ApiClient, projectId: string, on: boolean) =>
  client.patch<Project>(`/api/projects/${projectId}`, { keepFurnitureConsistent: on });

describe('keep furniture consistent', () => {
  it("sends the room's accepted staging with the next staging of that room, and the prompt says what it is for", async () => {
    const { client, project, photos } = await stagedListing();
    const [first, second] = photos as [Photo, Photo];
    // Staged before any room was named: one image each.
    expect(gemini.requests.map((r) => imagesSent(r).length)).toEqual([1, 1]);

    const turnedOn = await keepFurniture(client, project.id, true);
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.keepFurnitureConsistent).toBe(true);
    expect((await setRoom(client, first.id, 'Living room')).body).toMatchObject({ room: 'Living room' });
    // Rooms match whatever their case and spacing.
    expect((await setRoom(client, second.id, '  living   ROOM ')).body).toMatchObject({ room: 'living ROOM' });
    const listed = (await client.get<Photo[]>(`/api/projects/${project.id}/photos`)).body;
    expect(listed.map((p) => p.room)).toEqual(['Living room', 'living ROOM']);

    gemini.requests.length = 0;
    const again = await client.post(`/api/photos/${second.id}/versions`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const versions = await settledVersions(client, second.id);
    const made = versions.at(-1)!;
    expect(made.status).toBe('completed');

    // The call carried the photo, then the reference: the first photo's chosen version at the size sent.
    expect(gemini.requests).toHaveLength(1);
    const [photoSent, referenceSent, ...more] = imagesSent(gemini.requests[0]!);
    expect(more).toHaveLength(0);
    const accepted = (await versionsOf(client, first.id)).find((v) => v.chosen)!;
    const stored = await client.bytes(accepted.imageUrl!);
    const storedPath = path.join(scratch, 'accepted.jpg');
    await writeFile(storedPath, stored.data);
    const expected = await encodeForProvider(storedPath, 2048);
    expect(referenceSent!.equals(expected.image)).toBe(true);
    const reference = await decodeImageBuffer(referenceSent!);
    expect([reference.width, reference.height]).toEqual([expected.width, expected.height]);
    expect(referenceSent!.equals(photoSent!)).toBe(false);

    const prompt = promptSent(gemini.requests[0]!);
    expect(prompt).toContain(furnitureReferenceInstruction(1));
    expect(prompt).toMatch(/Edit only the first image\. The second image shows this same room/);
    expect(made).toMatchObject({
      referenceVersionId: accepted.id,
      notes: [`Furniture matched to ${first.fileName} (version 1), sent as a reference image.`],
    });
    // One image, as any staging.
    expect(await usage(client)).toMatchObject({ imagesUsed: 3 });

    // The first photo's own staging uses the second's? No: the room's accepted staging is the first one chosen,
    // and a photo is never its own reference. Staging the first photo again sends the second's chosen version.
    gemini.requests.length = 0;
    await client.post(`/api/photos/${first.id}/versions`, {});
    const firstAgain = (await settledVersions(client, first.id)).at(-1)!;
    const secondChosen = (await versionsOf(client, second.id)).find((v) => v.chosen)!;
    expect(firstAgain.referenceVersionId).toBe(secondChosen.id);
    expect(imagesSent(gemini.requests[0]!)).toHaveLength(2);
  });

  it('sends nothing when the option is off, the rooms differ, or the template is an enhancement', async () => {
    const { client, project, photos } = await stagedListing();
    const [first, second] = photos as [Photo, Photo];
    await setRoom(client, first.id, 'Kitchen');
    await setRoom(client, second.id, 'Kitchen');
    gemini.requests.length = 0;

    // Off (the default).
    expect((await client.get<Project[]>('/api/projects')).body.find((p) => p.id === project.id)).toMatchObject({
      keepFurnitureConsistent: false,
    });
    await client.post(`/api/photos/${second.id}/versions`, {});
    const off = (await settledVersions(client, second.id)).at(-1)!;
    expect(off).toMatchObject({ status: 'completed', referenceVersionId: null });
    expect(imagesSent(gemini.requests[0]!)).toHaveLength(1);
    expect(promptSent(gemini.requests[0]!)).not.toContain('furniture reference');

    // On, but another room.
    await keepFurniture(client, project.id, true);
    await setRoom(client, second.id, 'Bedroom');
    gemini.requests.length = 0;
    await client.post(`/api/photos/${second.id}/versions`, {});
    expect((await settledVersions(client, second.id)).at(-1)).toMatchObject({ referenceVersionId: null });
    expect(imagesSent(gemini.requests[0]!)).toHaveLength(1);

    // Same room, but an enhancement: the local engine, no provider call, no reference.
    await setRoom(client, second.id, null);
    await setRoom(client, second.id, 'kitchen');
    gemini.requests.length = 0;
    await client.post(`/api/photos/${second.id}/versions`, { templateId: 'professional-enhancement' });
    expect((await settledVersions(client, second.id)).at(-1)).toMatchObject({
      status: 'completed',
      engine: 'local',
      referenceVersionId: null,
    });
    expect(gemini.requests).toHaveLength(0);
  });

  it("refuses another user's photo and project with 404, and bad values with a clear message", async () => {
    const { client, project, photos } = await stagedListing();
    const stranger = await signedInAgent(testApp);
    expect((await setRoom(stranger.client, photos[0]!.id, 'Living room')).status).toBe(404);
    expect((await keepFurniture(stranger.client, project.id, true)).status).toBe(404);
    expect((await setRoom(client, '00000000-0000-4000-8000-000000000000', 'Den')).status).toBe(404);

    const long = await setRoom(client, photos[0]!.id, 'x'.repeat(61));
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('A room name can be at most 60 characters.');
    const notText = await client.patch(`/api/photos/${photos[0]!.id}`, { room: 42 });
    expect(notText.status).toBe(400);
    expect(JSON.stringify(notText.body)).toContain('room must be a room name, or null to clear it.');
    const unknownField = await client.patch(`/api/photos/${photos[0]!.id}`, { room: 'Den', colour: 'red' });
    expect(unknownField.status).toBe(400);
    const notBoolean = await client.patch(`/api/projects/${project.id}`, { keepFurnitureConsistent: 'yes' });
    expect(notBoolean.status).toBe(400);
    expect(JSON.stringify(notBoolean.body)).toContain('keepFurnitureConsistent must be true or false.');
    // An empty name clears the room.
    expect((await setRoom(client, photos[0]!.id, '   ')).body).toMatchObject({ room: null });
  });
});

describe('the references reach each vendor in its own protocol', () => {
  let photo: Buffer;
  let referenceImage: Buffer;
  let result: Buffer;
  beforeAll(async () => {
    photo = await makeJpeg(1600, 1067);
    referenceImage = await makeJpeg(1400, 933);
    result = await makeJpeg(1536, 1024);
  });
  const request = (): ImageEditRequest => ({
    image: photo,
    mimeType: 'image/jpeg',
    prompt: `Stage this living room.\n\n${furnitureReferenceInstruction(1)}`,
    aspectRatio: 1600 / 1067,
    targetSize: { width: 1600, height: 1067 },
    references: [{ image: referenceImage, mimeType: 'image/jpeg' }],
  });

  it('OpenAI gpt-image: the photo, then the reference, as image[] of one edit', async () => {
    const vendor = new FakeVendor(scripted(openAiImage(result)));
    try {
      const baseUrl = `${await vendor.start()}/v1`;
      const adapter = createOpenAiProvider({ id: 'openai', apiKey: 'sk-test', baseUrl, model: 'gpt-image-1' });
      expect(adapter.maxReferences).toBe(15);
      await adapter.edit(request());
      expect(vendor.requests[0]!.url).toBe(OPENAI_EDITS_PATH);
      const form = await readEditForm(vendor.requests[0]!);
      const images = form.getAll('image[]') as File[];
      expect(images).toHaveLength(2);
      expect(Buffer.from(await images[0]!.arrayBuffer()).equals(photo)).toBe(true);
      expect(Buffer.from(await images[1]!.arrayBuffer()).equals(referenceImage)).toBe(true);
      expect(form.get('prompt')).toContain('Edit only the first image.');
    } finally {
      await vendor.close();
    }
  });

  it('OpenAI models that edit one image take no references: only the photo goes', async () => {
    const vendor = new FakeVendor(scripted(openAiImage(result, 'req_1', '1024x1024')));
    try {
      const baseUrl = `${await vendor.start()}/v1`;
      const adapter = createOpenAiProvider({ id: 'openai', apiKey: 'sk-test', baseUrl, model: 'dall-e-2' });
      expect(adapter.maxReferences).toBe(0);
      await adapter.edit(request());
      const form = await readEditForm(vendor.requests[0]!);
      expect(form.getAll('image[]')).toHaveLength(0);
      expect(Buffer.from(await (form.get('image') as File).arrayBuffer()).equals(photo)).toBe(true);
    } finally {
      await vendor.close();
    }
  });

  it('FLUX.2: the reference as input_image_2', async () => {
    const vendor = fakeBfl({ image: result });
    try {
      const baseUrl = await vendor.start();
      const adapter = createBflProvider(
        { id: 'bfl', apiKey: 'bfl-test', baseUrl, model: 'flux-2-pro' },
        { pollIntervalMs: 1 },
      );
      expect(adapter.maxReferences).toBe(7);
      await adapter.edit(request());
      const body = parseJsonBody(vendor.requests[0]!) as Record<string, unknown>;
      expect(Buffer.from(body.input_image as string, 'base64').equals(photo)).toBe(true);
      expect(Buffer.from(body.input_image_2 as string, 'base64').equals(referenceImage)).toBe(true);
      expect(body).not.toHaveProperty('input_image_3');
      expect(body.prompt).toContain('The second image shows this same room');
    } finally {
      await vendor.close();
    }
  });
});

describe('a provider that takes no references', () => {
  const openai = new FakeVendor(async (request) => {
    const form = await readEditForm(request);
    const photo = await decodeImageBuffer(Buffer.from(await (form.get('image') as File).arrayBuffer()));
    const result = await simulateProvider(addFurniture(photo), { width: 1536, height: 1024, framing: 'stretched' });
    return openAiImage(await encodeRgbToJpegBuffer(result), 'req_no_refs', '1536x1024');
  });
  let app: TestApp;
  beforeAll(async () => {
    await openai.start();
    app = await startTestApp({
      QUEUE_POLL_SECONDS: '0.5',
      OPENAI_API_KEY: 'sk-test-openai',
      OPENAI_BASE_URL: `${openai.baseUrl}/v1`,
      OPENAI_MODEL: 'dall-e-2',
      AI_IMAGES_PER_MINUTE: '6000',
      AI_MAX_RETRIES: '0',
      ENHANCE_RETRY_LIMIT: '0',
    });
  });
  afterAll(async () => {
    await app.close();
    await openai.close();
  });

  it('stages without the reference and says so on the version', async () => {
    const { client } = await signedInAgent(app);
    await startTrial(client);
    const project = await newProject(client);
    await uploadPhotos(client, project.id, [fixture('empty-interior.jpg'), fixture('furnished-interior.jpg')], {
      templateId: 'living-room',
    });
    const [first, second] = (await settledPhotos(client, project.id)) as [Photo, Photo];
    expect([first.status, second.status]).toEqual(['completed', 'completed']);
    await keepFurniture(client, project.id, true);
    await setRoom(client, first.id, 'Den');
    await setRoom(client, second.id, 'Den');
    openai.requests.length = 0;

    await client.post(`/api/photos/${second.id}/versions`, {});
    const made = (await settledVersions(client, second.id)).at(-1)!;
    expect(made).toMatchObject({
      status: 'completed',
      referenceVersionId: null,
      notes: [`dall-e-2 takes no reference images: staged without the furniture of ${first.fileName} (version 1).`],
    });
    const form = await readEditForm(openai.requests[0]!);
    expect(form.getAll('image[]')).toHaveLength(0);
    expect(form.getAll('image')).toHaveLength(1);
    expect(form.get('prompt')).not.toContain('furniture reference');
  });
});
