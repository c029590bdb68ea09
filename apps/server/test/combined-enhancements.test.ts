import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createVersionsResponseSchema,
  photoVersionListSchema,
  type Photo,
  type PhotoVersion,
  type Template,
} from '@hearth/contracts';
import { decodeImageBuffer, encodeRgbToJpegBuffer } from '@hearth/image-engine';
import { addFurniture, simulateProvider } from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import { fixture } from './helpers/fixtures';
import { geminiImage, geminiPromptSent, geminiSentImage } from './helpers/fake-gemini';
import { FakeVendor } from './helpers/fake-vendor';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

/**
 * Issue 13, combined enhancements: Blue Sky, Perfect Lawn and Professional Enhancement chosen together are one
 * template, one image and one pass of the local engine; 'Remove furniture first' empties an occupied room in
 * the same provider call that stages it. Both through the upload and 'Generate again' APIs.
 */

const sentImage = geminiSentImage;
const promptSent = geminiPromptSent;

const vendor = new FakeVendor(async (request) => {
  const sent = await decodeImageBuffer(sentImage(request));
  const result = await simulateProvider(addFurniture(sent), { width: 1248, height: 832, framing: 'stretched' });
  return geminiImage(await encodeRgbToJpegBuffer(result), 'image/jpeg');
});
let testApp: TestApp;

beforeAll(async () => {
  await vendor.start();
  testApp = await startTestApp({
    QUEUE_POLL_SECONDS: '0.5',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: vendor.baseUrl,
    GEMINI_MODEL: 'gemini-2.5-flash-image',
    AI_IMAGES_PER_MINUTE: '6000',
    AI_MAX_RETRIES: '0',
    ENHANCE_RETRY_LIMIT: '0',
  });
});
afterAll(async () => {
  await testApp.close();
  await vendor.close();
});
beforeEach(() => {
  vendor.requests.length = 0;
});

async function agentWithProject() {
  const { client } = await signedInAgent(testApp);
  await startTrial(client);
  return { client, project: await newProject(client) };
}

const versionsOf = async (client: ApiClient, photoId: string) =>
  photoVersionListSchema.parse((await client.get<PhotoVersion[]>(`/api/photos/${photoId}/versions`)).body);

async function settledVersions(client: ApiClient, photoId: string) {
  await expect
    .poll(
      async () => (await versionsOf(client, photoId)).every((v) => v.status !== 'waiting' && v.status !== 'processing'),
      {
        timeout: 90_000,
        interval: 250,
      },
    )
    .toBe(true);
  return versionsOf(client, photoId);
}

describe('combined enhancements', () => {
  it('lists which templates combine and which offer removing the furniture first', async () => {
    const { client } = await signedInAgent(testApp);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    const byId = new Map(templates.map((t) => [t.id, t]));
    for (const id of ['professional-enhancement', 'blue-sky', 'perfect-lawn']) {
      expect(byId.get(id)).toMatchObject({ combinable: true });
      expect(byId.get(id)!.removeFurnitureFirst).toBeUndefined();
    }
    expect(byId.get('living-room')).toMatchObject({ removeFurnitureFirst: true });
    expect(byId.get('living-room')!.combinable).toBeUndefined();
    expect(byId.get('empty-room')!.removeFurnitureFirst).toBeUndefined();
    expect(byId.get('declutter')!.removeFurnitureFirst).toBeUndefined();
  });

  it('applies Blue Sky, Perfect Lawn and Professional Enhancement in one image on the local engine', async () => {
    const { client, project } = await agentWithProject();
    const upload = await uploadPhotos(client, project.id, [fixture('exterior.jpg')], {
      templateIds: 'blue-sky, perfect-lawn,professional-enhancement',
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const [photo] = await settledPhotos(client, project.id);
    expect(photo).toMatchObject({
      status: 'completed',
      engine: 'local',
      templateName: 'Professional Enhancement + Blue Sky + Perfect Lawn',
      operations: ['professional-enhancement', 'perfect-lawn', 'blue-sky'],
      notes: [],
      // The disclosure (issue 14) names what the parts change; the enhancement itself is exempt.
      edit: { classification: 'disclosed', alterations: ['sky', 'landscaping'] },
      versionCount: 1,
      width: 1600,
      height: 1067,
    });
    expect(vendor.requests).toHaveLength(0);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    expect((await versionsOf(client, photo!.id))[0]!.templateId).toBe('professional-enhancement+blue-sky+perfect-lawn');

    // 'Generate again' with nothing changed repeats the combination; templateIds picks another.
    const again = await client.post(`/api/photos/${photo!.id}/versions`, {});
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const other = await client.post(`/api/photos/${photo!.id}/versions`, { templateIds: ['perfect-lawn', 'blue-sky'] });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(createVersionsResponseSchema.parse(other.body).versions[0]!.templateName).toBe('Blue Sky + Perfect Lawn');
    const versions = await settledVersions(client, photo!.id);
    expect(versions.map((v) => [v.templateId, v.status])).toEqual([
      ['professional-enhancement+blue-sky+perfect-lawn', 'completed'],
      ['professional-enhancement+blue-sky+perfect-lawn', 'completed'],
      ['blue-sky+perfect-lawn', 'completed'],
    ]);
    expect(await usage(client)).toMatchObject({ imagesUsed: 3 });
  });

  it('refuses combinations it cannot make, saying why, and stores and charges nothing', async () => {
    const { client, project } = await agentWithProject();
    const cases: [Record<string, string>, string][] = [
      [
        { templateIds: 'living-room,blue-sky' },
        'Only enhancement templates can be chosen together (Professional Enhancement, Blue Sky, Perfect Lawn)',
      ],
      [{ templateIds: 'bedroom,living-room' }, 'Only enhancement templates can be chosen together'],
      [{ templateIds: 'blue-sky,sunset-glow' }, 'That template does not exist.'],
      [{ templateId: 'blue-sky', templateIds: 'perfect-lawn' }, 'Send templateId or templateIds, not both.'],
      [
        { templateId: 'blue-sky', removeFurnitureFirst: 'true' },
        "'Remove furniture first' applies to one staging template",
      ],
      [{ templateId: 'empty-room', removeFurnitureFirst: 'true' }, 'Empty Room already removes what is in the room'],
      [
        { prompt: 'Add a plant', removeFurnitureFirst: 'true' },
        "'Remove furniture first' applies to a staging template",
      ],
      [{ templateId: 'living-room', removeFurnitureFirst: 'maybe' }, 'removeFurnitureFirst must be true or false.'],
    ];
    for (const [fields, message] of cases) {
      const response = await uploadPhotos(client, project.id, [fixture('exterior.jpg')], fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect((response.body as unknown as { message: string }).message).toContain(message);
    }
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
    expect((await client.get<Photo[]>(`/api/projects/${project.id}/photos`)).body).toEqual([]);
  });

  it("does not let another user generate again from someone's photo", async () => {
    const { client, project } = await agentWithProject();
    await uploadPhotos(client, project.id, [fixture('exterior.jpg')], { templateIds: 'blue-sky,perfect-lawn' });
    const [photo] = await settledPhotos(client, project.id);
    const stranger = await agentWithProject();
    const response = await stranger.client.post(`/api/photos/${photo!.id}/versions`, { templateIds: ['blue-sky'] });
    expect(response.status).toBe(404);
    expect(await versionsOf(client, photo!.id)).toHaveLength(1);
  });
});

describe("'Remove furniture first'", () => {
  it('empties the occupied room and stages it in one provider call, one image, in the template’s default style', async () => {
    const { client, project } = await agentWithProject();
    const upload = await uploadPhotos(client, project.id, [fixture('furnished-interior.jpg')], {
      templateId: 'living-room',
      removeFurnitureFirst: 'true',
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const [photo] = await settledPhotos(client, project.id);
    expect(photo).toMatchObject({
      status: 'completed',
      engine: 'ai',
      templateName: 'Living Room (furniture removed first)',
      style: 'Modern',
      edit: { classification: 'disclosed', alterations: ['staging', 'furniture-removal'] },
    });
    expect(vendor.requests).toHaveLength(1);
    const prompt = promptSent(vendor.requests[0]!);
    expect(prompt).toMatch(
      /Requested edit: First remove all existing furniture, decor and movable objects from the room, reconstructing the floor and walls behind them consistently; then, in the emptied room: Virtually stage this living room with /,
    );
    expect(prompt).toMatch(/\nStyle: Modern — /);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });

    // Taken off again for the next version: the template alone, its style kept.
    const again = await client.post(`/api/photos/${photo!.id}/versions`, {
      removeFurnitureFirst: false,
      style: 'Coastal',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const back = await client.post(`/api/photos/${photo!.id}/versions`, { removeFurnitureFirst: true });
    expect(back.status, JSON.stringify(back.body)).toBe(201);
    const versions = await settledVersions(client, photo!.id);
    expect(versions.map((v) => [v.templateId, v.style])).toEqual([
      ['remove-furniture-first+living-room', 'Modern'],
      ['living-room', 'Coastal'],
      ['remove-furniture-first+living-room', 'Modern'],
    ]);
  });
});
