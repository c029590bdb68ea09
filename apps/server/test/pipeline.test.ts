import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoListSchema, photoSchema, projectListSchema, type Photo } from '@hearth/contracts';
import { NO_LAWN, NO_SKY } from '@hearth/image-engine';
import { withCameraMetadata } from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { bmpOf, fixture, imageFacts, truncatedJpeg } from './helpers/fixtures';
import { newProject, projectInList, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

let testApp: TestApp;
// Workers on: uploads run through the queue and the local engine, as `npm start` runs them.
beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5' });
});
afterAll(() => testApp.close());

async function trialAgentWithProject() {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  return { ...agent, project };
}

const byName = (photos: Photo[], name: string) => photos.find((p) => p.fileName === name)!;

describe('the photo pipeline', () => {
  it('takes a project from uploading through processing to completed, each photo enhanced by the local engine', async () => {
    const { client, project } = await trialAgentWithProject();
    expect(await projectInList(client, project.id)).toMatchObject({
      status: 'uploading',
      totalPhotos: 0,
      processedPhotos: 0,
    });

    const files = [fixture('exterior.jpg'), fixture('empty-interior.jpg'), fixture('furnished-interior.jpg')];
    const upload = await uploadPhotos(client, project.id, files);
    expect(upload.status).toBe(201);
    expect(upload.body.project).toMatchObject({ status: 'processing', totalPhotos: 3 });
    expect(upload.body.photos.every((p) => p.enhancedUrl === null)).toBe(true);

    const photos = await settledPhotos(client, project.id);
    // The response is exactly the shared contract: every field of it, and nothing it does not know.
    expect(() => photoListSchema.parse(photos)).not.toThrow();
    for (const photo of photos) expect(Object.keys(photo).sort()).toEqual(Object.keys(photoSchema.shape).sort());
    expect(photos.map((p) => p.fileName)).toEqual(files.map((f) => f.name));
    for (const photo of photos) {
      expect(photo).toMatchObject({
        projectId: project.id,
        status: 'completed',
        originalUrl: `/api/photos/${photo.id}/original`,
        // The photo's own files follow its chosen version, and their URLs say which (issue 12).
        enhancedUrl: `/api/photos/${photo.id}/enhanced?v=${photo.chosenVersionId}`,
        thumbnailUrl: `/api/photos/${photo.id}/thumbnail?v=${photo.chosenVersionId}`,
        downloadUrl: `/api/photos/${photo.id}/download?v=${photo.chosenVersionId}`,
        templateName: 'Professional Enhancement',
        engine: 'local',
        operations: ['professional-enhancement'],
        error: null,
        width: 1600,
        height: 1067,
      });
      expect(photo.prompt).toMatch(/^Enhance this photo like a professional real-estate photo editor/);
    }

    const finished = await projectInList(client, project.id);
    expect(finished).toMatchObject({
      status: 'completed',
      totalPhotos: 3,
      processedPhotos: 3,
      completedPhotos: 3,
      failedPhotos: 0,
    });
    expect(finished.thumbnailUrl).toMatch(new RegExp(`^/api/photos/${photos[0]!.id}/thumbnail\\?v=\\d+$`));
    expect(projectListSchema.parse((await client.get('/api/projects')).body)).toHaveLength(1);
    expect(await usage(client)).toMatchObject({ imagesUsed: 3, imagesRemaining: 7 });
  });

  it('replaces an overcast sky and greens a tired lawn, and says so when a photo has neither', async () => {
    const { client, project } = await trialAgentWithProject();
    const exterior = fixture('exterior.jpg');
    const interior = fixture('empty-interior.jpg');
    expect((await uploadPhotos(client, project.id, [exterior, interior], { templateId: 'blue-sky' })).status).toBe(201);
    const lawnProject = await newProject(client);
    expect(
      (await uploadPhotos(client, lawnProject.id, [exterior, interior], { templateId: 'perfect-lawn' })).status,
    ).toBe(201);

    const sky = await settledPhotos(client, project.id);
    expect(byName(sky, 'exterior.jpg')).toMatchObject({ status: 'completed', operations: ['blue-sky'], notes: [] });
    expect(byName(sky, 'empty-interior.jpg')).toMatchObject({ status: 'completed', operations: [], notes: [NO_SKY] });
    const lawn = await settledPhotos(client, lawnProject.id);
    expect(byName(lawn, 'exterior.jpg')).toMatchObject({ status: 'completed', operations: ['perfect-lawn'] });
    expect(byName(lawn, 'empty-interior.jpg')).toMatchObject({ operations: [], notes: [NO_LAWN] });
  });

  it('gives the image of a photo that fails back to the quota, and counts it as failed', async () => {
    const { client, project } = await trialAgentWithProject();
    const upload = await uploadPhotos(client, project.id, [
      { name: 'broken.jpg', data: truncatedJpeg() },
      fixture('exterior.jpg'),
    ]);
    expect(upload.status).toBe(201);
    expect((await usage(client)).imagesUsed).toBe(2);

    const photos = await settledPhotos(client, project.id);
    expect(byName(photos, 'broken.jpg')).toMatchObject({
      status: 'failed',
      enhancedUrl: null,
      downloadUrl: null,
      error: expect.stringMatching(/^This photo could not be read\./) as unknown,
    });
    expect(byName(photos, 'exterior.jpg').status).toBe('completed');
    expect(await projectInList(client, project.id)).toMatchObject({
      status: 'completed',
      processedPhotos: 2,
      completedPhotos: 1,
      failedPhotos: 1,
    });
    expect(await usage(client)).toMatchObject({ imagesUsed: 1, imagesRemaining: 9 });
  });

  it('decodes HEIC and BMP, turns photos upright by their EXIF orientation, and drops GPS and camera data', async () => {
    const { client, project } = await trialAgentWithProject();
    const portrait = fixture('portrait-exif-orientation-6.jpg');
    expect((await imageFacts(portrait.data)).mentionsGpsOrCamera).toBe(true);
    const files = [
      fixture('furnished-interior.heic'),
      // An odd width: each row carries padding bytes.
      { name: 'scan.bmp', data: await bmpOf('exterior.jpg', 801, 534) },
      portrait,
    ];
    expect((await uploadPhotos(client, project.id, files)).status).toBe(201);

    const photos = await settledPhotos(client, project.id);
    expect(byName(photos, 'furnished-interior.heic')).toMatchObject({ status: 'completed', width: 1600, height: 1067 });
    expect(byName(photos, 'scan.bmp')).toMatchObject({ status: 'completed', width: 801, height: 534 });
    expect(byName(photos, portrait.name)).toMatchObject({ status: 'completed', width: 1067, height: 1600 });

    for (const photo of photos) {
      for (const url of [photo.originalUrl, photo.enhancedUrl!, photo.thumbnailUrl!, photo.downloadUrl!]) {
        const file = await client.bytes(url);
        expect(file.status, url).toBe(200);
        expect(file.headers.get('content-type'), url).toBe('image/jpeg');
        const facts = await imageFacts(file.data);
        expect(facts, `${photo.fileName} ${url}`).toMatchObject({
          format: 'jpeg',
          orientation: undefined,
          hasExif: false,
          hasXmp: false,
          hasIptc: false,
          mentionsGpsOrCamera: false,
        });
        const landscape = photo.fileName !== portrait.name;
        expect(facts.width! > facts.height!, `${photo.fileName} ${url} orientation`).toBe(landscape);
      }
    }
  });
});

describe('the preview of an upright JPEG', () => {
  it('is the upload’s own image data, served without its GPS, camera data, profile or appended image', async () => {
    const { client, project } = await trialAgentWithProject();
    const uploaded = await withCameraMetadata(fixture('exterior.jpg').data);
    const before = await imageFacts(uploaded);
    expect(before).toMatchObject({ orientation: 1, hasExif: true, hasXmp: true, mentionsGpsOrCamera: true });
    expect((await uploadPhotos(client, project.id, [{ name: 'upright.jpg', data: uploaded }])).status).toBe(201);
    const [photo] = await settledPhotos(client, project.id);
    expect(photo).toMatchObject({ status: 'completed', width: 1600, height: 1067 });

    const served = await client.bytes(photo!.originalUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(await imageFacts(served.data)).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 1067,
      orientation: undefined,
      hasExif: false,
      hasXmp: false,
      hasIptc: false,
      mentionsGpsOrCamera: false,
    });
    for (const label of ['Exif', 'ICC_PROFILE', 'C39XK2ZJN72Q']) expect(served.data.includes(label), label).toBe(false);
    // Copied, not re-encoded: its scans are the upload's, byte for byte, and it ends at their EOI.
    const scans = served.data.subarray(served.data.indexOf(Buffer.from([0xff, 0xda])));
    expect(fixture('exterior.jpg').data.subarray(-scans.length).equals(scans)).toBe(true);
  });
});

describe('the worker process', () => {
  it('schedules the retention sweep every hour', async () => {
    const { rows } = await testApp.database.query(`select cron from pgboss.schedule where name = 'retention.sweep'`);
    expect(rows).toEqual([{ cron: '17 * * * *' }]);
  });

  it('schedules billing of ended periods’ overage every hour', async () => {
    const { rows } = await testApp.database.query(`select cron from pgboss.schedule where name = 'billing.overage'`);
    expect(rows).toEqual([{ cron: '41 * * * *' }]);
  });
});
