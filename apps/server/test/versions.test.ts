import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  photoVersionListSchema,
  type CreateVersionsResponse,
  type Photo,
  type PhotoVersion,
  type Template,
} from '@hearth/contracts';
import { addFurniture, simulateProvider } from '@hearth/image-engine/test-support';
import { decodeImageBuffer, encodeRgbToJpegBuffer } from '@hearth/image-engine';
import { enhancePhoto } from '../src/modules/enhancement/enhance-photo';
import { startTestApp, storageOf, tempDirOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';
import { fixture, zipEntries } from './helpers/fixtures';
import { geminiImage, geminiImageSafety, geminiPromptSent, geminiSentImage } from './helpers/fake-gemini';
import { FakeVendor, type RecordedRequest, type Reply } from './helpers/fake-vendor';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';
import { cookieOf, openStream } from './helpers/sse';

/**
 * Issue 12: styles, variations, versions and 'Generate again', through the queue to a loopback Gemini.
 * Each version is one image against the quota; the chosen version stands for the photo.
 */

let answer: (request: RecordedRequest) => Promise<Reply>;
const stage = async (request: RecordedRequest) => {
  const sent = await decodeImageBuffer(sentImage(request));
  const result = await simulateProvider(addFurniture(sent), { width: 1248, height: 832, framing: 'stretched' });
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
  answer = stage;
});

const sentImage = geminiSentImage;
const promptSent = geminiPromptSent;

async function stagedPhoto(fields: Record<string, string>, client?: ApiClient) {
  const agent = client ? { client } : await signedInAgent(testApp);
  if (!client) await startTrial(agent.client);
  const project = await newProject(agent.client);
  const upload = await uploadPhotos(agent.client, project.id, [fixture('empty-interior.jpg')], fields);
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  const [photo] = await settledPhotos(agent.client, project.id);
  return { client: agent.client, project, photo: photo! };
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

describe('styles', () => {
  it('lists the styles of every staging template, with its default, and none for enhancements', async () => {
    const { client } = await signedInAgent(testApp);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    for (const template of templates) {
      if (template.category === 'staging') {
        expect(template.styles).toEqual([
          'Modern',
          'Scandinavian',
          'Industrial',
          'Mid-century',
          'Luxury',
          'Farmhouse',
          'Coastal',
          'Transitional',
        ]);
        expect(template.styles).toContain(template.defaultStyle);
      } else {
        expect(template.styles).toBeUndefined();
      }
    }
  });

  it('stages in the chosen style: the prompt carries it and the photo and its version record it', async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room', style: 'Scandinavian' });
    expect(photo).toMatchObject({ status: 'completed', style: 'Scandinavian', versionCount: 1 });
    expect(promptSent(vendor.requests[0]!)).toMatch(/\nStyle: Scandinavian — /);
    const preview = await client.post<{ finalPrompt: string }>('/api/debug/prompt', {
      prompt: photo.prompt,
      style: 'Scandinavian',
    });
    expect(promptSent(vendor.requests[0]!)).toBe(preview.body.finalPrompt);
    const [version] = await versionsOf(client, photo.id);
    expect(version).toMatchObject({ number: 1, style: 'Scandinavian', templateName: 'Living Room', chosen: true });
  });

  it('refuses an unknown style, and a style or variations for an enhancement template, saying why', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const cases: [Record<string, string>, string][] = [
      [{ templateId: 'living-room', style: 'Gothic' }, 'Choose a style: Modern, Scandinavian, Industrial'],
      [
        { templateId: 'blue-sky', style: 'Modern' },
        'Blue Sky is an enhancement: a style applies to staging templates only.',
      ],
      [{ templateId: 'blue-sky', variations: '2' }, 'Blue Sky makes one result: variations are for staging templates.'],
      [{ templateId: 'living-room', variations: '5' }, 'Variations must be a whole number from 1 to 4.'],
      [{ templateId: 'living-room', variations: 'two' }, 'Variations must be a whole number from 1 to 4.'],
    ];
    for (const [fields, message] of cases) {
      const response = await uploadPhotos(client, project.id, [fixture('empty-interior.jpg')], fields);
      expect(response.status).toBe(400);
      expect((response.body as unknown as { message: string }).message).toContain(message);
    }
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
    expect((await client.get<Photo[]>(`/api/projects/${project.id}/photos`)).body).toEqual([]);
  });
});

describe('variations and versions', () => {
  it('makes one version per variation, each one image, and chooses the first to finish', async () => {
    const { client, photo, project } = await stagedPhoto({
      templateId: 'living-room',
      style: 'Scandinavian',
      variations: '3',
    });
    expect(await usage(client)).toMatchObject({ imagesUsed: 3 });
    expect(vendor.requests).toHaveLength(3);
    const versions = await versionsOf(client, photo.id);
    expect(versions.map((v) => [v.number, v.status, v.style])).toEqual([
      [1, 'completed', 'Scandinavian'],
      [2, 'completed', 'Scandinavian'],
      [3, 'completed', 'Scandinavian'],
    ]);
    expect(versions.filter((v) => v.chosen)).toHaveLength(1);
    expect(photo).toMatchObject({
      status: 'completed',
      versionCount: 3,
      chosenVersionId: versions.find((v) => v.chosen)!.id,
    });
    for (const version of versions) {
      expect(version).toMatchObject({
        provider: 'gemini',
        engine: 'ai',
        costUsd: expect.any(Number),
        needsReview: false,
      });
      expect((await client.bytes(version.imageUrl!)).status).toBe(200);
      expect((await client.bytes(version.thumbnailUrl!)).status).toBe(200);
    }

    // 'Use this version': downloads, the ZIP and the thumbnail follow the choice.
    const second = versions[1]!;
    const chosen = await client.post<Photo>(`/api/photos/${photo.id}/versions/${second.id}/choose`);
    expect(chosen.status).toBe(200);
    expect(chosen.body).toMatchObject({ chosenVersionId: second.id, status: 'completed' });
    const secondBytes = (await client.bytes(second.imageUrl!)).data;
    expect((await client.bytes(chosen.body.downloadUrl!)).data.equals(secondBytes)).toBe(true);
    expect(
      (await client.bytes(chosen.body.thumbnailUrl!)).data.equals((await client.bytes(second.thumbnailUrl!)).data),
    ).toBe(true);
    const download = await client.bytes(`/api/projects/${project.id}/download`);
    expect(download.data.equals(secondBytes)).toBe(true);
    const all = await client.bytes(`/api/projects/${project.id}/download?versions=all`);
    expect(all.headers.get('content-type')).toBe('application/zip');
    const entries = await zipEntries(all.data);
    expect(entries.map((e) => e.name)).toEqual([
      'empty-interior_v1.jpg',
      'empty-interior_v2.jpg',
      'empty-interior_v3.jpg',
    ]);
    expect(entries[1]!.data.equals(secondBytes)).toBe(true);
    const versionDownload = await client.bytes(second.downloadUrl!);
    expect(versionDownload.headers.get('content-disposition')).toContain('empty-interior_v2.jpg');
  });

  it("'Generate again' makes a new version with another style, counts one image, and keeps the chosen one", async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    const before = await versionsOf(client, photo.id);
    expect(before[0]!.style).toBe('Modern');
    const again = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {
      style: 'Industrial',
    });
    expect(again.status).toBe(201);
    expect(again.body.versions).toHaveLength(1);
    expect(again.body.versions[0]).toMatchObject({ number: 2, style: 'Industrial', templateName: 'Living Room' });
    expect(['waiting', 'processing']).toContain(again.body.versions[0]!.status);
    expect(again.body.photo).toMatchObject({ chosenVersionId: before[0]!.id, versionCount: 2 });
    expect(again.body.photo.downloadUrl).not.toBeNull();
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });

    const versions = await settledVersions(client, photo.id);
    expect(versions.map((v) => [v.number, v.status, v.style, v.chosen])).toEqual([
      [1, 'completed', 'Modern', true],
      [2, 'completed', 'Industrial', false],
    ]);
    expect(promptSent(vendor.requests[1]!)).toMatch(/\nStyle: Industrial — /);

    // The same settings again: an empty request repeats the chosen version's.
    const same = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {});
    expect(same.body.versions[0]).toMatchObject({ number: 3, style: 'Modern', templateName: 'Living Room' });
    // Another template brings its own default style.
    const bedroom = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {
      templateId: 'bedroom',
    });
    expect(bedroom.body.versions[0]).toMatchObject({ number: 4, templateName: 'Bedroom', style: 'Transitional' });
    await settledVersions(client, photo.id);
    expect(await usage(client)).toMatchObject({ imagesUsed: 4 });
  });

  it("'Generate again' with templateId null makes a version from the instructions alone", async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    const refused = await client.post<{ message: string }>(`/api/photos/${photo.id}/versions`, {
      templateId: null,
      prompt: ' ',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/template or .*instructions/i);
    const again = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {
      templateId: null,
      prompt: 'Add a reading chair by the window',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.versions[0]).toMatchObject({
      number: 2,
      templateId: null,
      templateName: null,
      style: null,
      instructions: 'Add a reading chair by the window',
    });
    const versions = await settledVersions(client, photo.id);
    expect(versions[1]).toMatchObject({ status: 'completed', templateId: null });
    expect(promptSent(vendor.requests.at(-1)!)).toContain('Add a reading chair by the window');
    expect(promptSent(vendor.requests.at(-1)!)).not.toMatch(/Style: /);
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
  });

  it('a refused generation fails its version with the reason and gives the image back; the photo keeps its chosen one', async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    answer = async () => geminiImageSafety;
    const again = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, { style: 'Luxury' });
    expect(again.status).toBe(201);
    const versions = await settledVersions(client, photo.id);
    expect(versions[1]).toMatchObject({ status: 'failed', chosen: false, imageUrl: null });
    expect(versions[1]!.error).toMatch(/The image was not charged\.$/);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    const [after] = (await client.get<Photo[]>(`/api/projects/${photo.projectId}/photos`)).body;
    expect(after).toMatchObject({ status: 'completed', chosenVersionId: versions[0]!.id });
  });

  it('a failed photo can be generated again, and its first finished version becomes the chosen one', async () => {
    answer = async () => geminiImageSafety;
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    expect(photo).toMatchObject({ status: 'failed', chosenVersionId: null, downloadUrl: null });
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
    answer = stage;
    const again = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {});
    expect(again.status).toBe(201);
    const versions = await settledVersions(client, photo.id);
    expect(versions.map((v) => [v.status, v.chosen])).toEqual([
      ['failed', false],
      ['completed', true],
    ]);
    const [after] = (await client.get<Photo[]>(`/api/projects/${photo.projectId}/photos`)).body;
    expect(after).toMatchObject({ status: 'completed', chosenVersionId: versions[1]!.id, error: null });
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
  });

  it('a version made twice by a re-delivered job is one version and one charge', async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    const [version] = await versionsOf(client, photo.id);
    const deps = {
      db: testApp.database.db,
      storage: storageOf(testApp),
      tempDir: tempDirOf(testApp),
      log: pino({ level: 'silent' }),
    };
    const outcome = await enhancePhoto(deps, version!.id, { isLastAttempt: true });
    expect(outcome).toMatchObject({ status: 'skipped' });
    expect(await versionsOf(client, photo.id)).toHaveLength(1);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    expect(vendor.requests).toHaveLength(1);
  });

  it("announces each version's progress on its owner's live stream, and to no one else", async () => {
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    const stranger = await signedInAgent(testApp);
    const mine = await openStream(testApp.baseUrl, { cookie: cookieOf(client) });
    const theirs = await openStream(testApp.baseUrl, { cookie: cookieOf(stranger.client) });
    await mine.next('connected');
    await theirs.next('connected');
    const again = await client.post<CreateVersionsResponse>(`/api/photos/${photo.id}/versions`, {});
    const versionId = again.body.versions[0]!.id;
    await expect
      .poll(() => mine.messages.filter((m) => m.type === 'photo.updated').map((m) => m.data!.status), {
        timeout: 60_000,
      })
      .toEqual(['processing', 'completed']);
    for (const message of mine.messages.filter((m) => m.type === 'photo.updated')) {
      expect(message.data).toEqual({
        projectId: photo.projectId,
        photoId: photo.id,
        versionId,
        status: message.data!.status,
      });
    }
    expect(theirs.messages.filter((m) => m.type === 'photo.updated')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('refuses to choose a version that has not finished, or failed', async () => {
    answer = async () => geminiImageSafety;
    const { client, photo } = await stagedPhoto({ templateId: 'living-room' });
    const [failed] = await versionsOf(client, photo.id);
    const response = await client.post(`/api/photos/${photo.id}/versions/${failed!.id}/choose`);
    expect(response.status).toBe(409);
    expect((response.body as { message: string }).message).toBe(
      'Only a finished version can be used. Wait for it to finish, or choose another.',
    );
  });
});

describe('the quota counts images', () => {
  it('with 3 images left, 20 concurrent requests for 2 variations: exactly one is accepted', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    // 7 of the trial's 10 images used: 3 left.
    const upload = await uploadPhotos(
      client,
      project.id,
      Array.from({ length: 7 }, (_, i) => ({ ...fixture('empty-interior.jpg'), name: `room-${i}.jpg` })),
      { templateId: 'professional-enhancement' },
    );
    expect(upload.status).toBe(201);
    const [photo] = await settledPhotos(client, project.id);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(`/api/photos/${photo!.id}/versions`, { templateId: 'living-room', variations: 2 }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    const refusal = responses.find((r) => r.status === 403)!.body as { message: string; code: string };
    expect(refusal).toMatchObject({
      code: 'UPLOAD_LIMIT_EXCEEDED',
      message: 'You have 1 image(s) left in your trial. Please upload 1 or upgrade your plan to upload more.',
    });
    expect(await usage(client)).toMatchObject({ imagesUsed: 9 });
  });

  it('an upload with variations is refused whole when photos × variations exceed what is left', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const files = Array.from({ length: 3 }, (_, i) => ({ ...fixture('empty-interior.jpg'), name: `room-${i}.jpg` }));
    const refused = await uploadPhotos(client, project.id, files, { templateId: 'bedroom', variations: '4' });
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { message: string }).message).toBe(
      'You have 10 image(s) left in your trial. Please upload 10 or upgrade your plan to upload more.',
    );
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });
});

describe('privacy', () => {
  it("another user's photo and versions are not found, for every version route", async () => {
    const { client, photo, project } = await stagedPhoto({ templateId: 'living-room' });
    const [version] = await versionsOf(client, photo.id);
    const stranger = await signedInAgent(testApp);
    await startTrial(stranger.client);
    const attempts = [
      stranger.client.get(`/api/photos/${photo.id}/versions`),
      stranger.client.post(`/api/photos/${photo.id}/versions`, {}),
      stranger.client.post(`/api/photos/${photo.id}/versions/${version!.id}/choose`),
      stranger.client.get(`/api/versions/${version!.id}/image`),
      stranger.client.get(`/api/versions/${version!.id}/thumbnail`),
      stranger.client.get(`/api/versions/${version!.id}/download`),
      stranger.client.get(`/api/projects/${project.id}/download?versions=all`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await usage(stranger.client)).toMatchObject({ imagesUsed: 0 });
    expect(await versionsOf(client, photo.id)).toHaveLength(1);
  });

  it('answers 401 to anonymous requests, before reading the body', async () => {
    const { photo } = await stagedPhoto({ templateId: 'living-room' });
    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await anonymous.get(`/api/photos/${photo.id}/versions`)).status).toBe(401);
    expect((await anonymous.post(`/api/photos/${photo.id}/versions`, { variations: 9 })).status).toBe(401);
  });
});
