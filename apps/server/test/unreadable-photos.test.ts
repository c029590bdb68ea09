import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@hearth/contracts';
import { UNREADABLE_FAILURE } from '../src/modules/photos/failure-messages';
import { bmpSuite, FIXTURE_TIFFS_DIR } from '@hearth/image-engine/test-support';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture, truncatedJpeg } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos, usage } from './helpers/projects';

/** Photos whose header is fine and whose pixels are not: accepted at upload, then the decoder gives up. */
function damagedPhotos() {
  const tiff = Buffer.from(readFileSync(path.join(FIXTURE_TIFFS_DIR, 'libtiff-lzw-predictor.tif')));
  tiff.fill(0xff, 8, 9000); // LZW strips overwritten; the directory at the end is intact
  const bmp = bmpSuite()
    .find((file) => file.name === 'rgb24.bmp')!
    .bytes.subarray(0, 4000);
  const heic = fixture('furnished-interior.heic').data;
  return [
    { name: 'kitchen.jpg', data: truncatedJpeg() },
    { name: 'scan.tif', data: tiff },
    { name: 'plan.bmp', data: bmp },
    { name: 'iphone.heic', data: heic.subarray(0, Math.floor(heic.length * 0.6)) },
  ];
}

/** What a decoder says in its own words; none of it may reach the agent. */
const ENGINE_WORDS = /vips|tiff2vips|libheif|heif|magick|premature|is not a function|out of range|\(|\n/i;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5' });
});
afterAll(() => testApp.close());

describe('a photo that cannot be read', () => {
  it('fails with a sentence about the photo, and its files answer 404 or 410 with a message, never 500', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const files = damagedPhotos();
    const upload = await uploadPhotos(client, project.id, files);
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);

    const photos = await settledPhotos(client, project.id);
    expect(photos.map((p) => p.fileName)).toEqual(files.map((f) => f.name));
    for (const photo of photos) {
      expect(photo, photo.fileName).toMatchObject({ status: 'failed', error: UNREADABLE_FAILURE, enhancedUrl: null });
      expect(photo.error).not.toMatch(ENGINE_WORDS);
      for (const kind of ['original', 'thumbnail', 'enhanced', 'download']) {
        const response = await client.get<{ message: string; code: string }>(`/api/photos/${photo.id}/${kind}`);
        expect([404, 410], `${photo.fileName} ${kind}: ${response.status}`).toContain(response.status);
        expect(response.headers.get('content-type'), `${photo.fileName} ${kind}`).toMatch(/^application\/json/);
        expect(response.body.message, `${photo.fileName} ${kind}`).toMatch(/^[A-Z].+\.$/);
        expect(response.body.message).not.toMatch(ENGINE_WORDS);
      }
      const original = await client.get(photo.originalUrl);
      expect(original.status).toBe(410);
      expect(original.body).toEqual({
        message:
          'This photo could not be read, so there is no picture of it to show. Export it again from your camera or phone and upload it once more.',
        code: 'PHOTO_UNREADABLE',
      });
    }
    // Every failed photo gave its image back.
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });

  it('is shown with the same sentence when its stored failure still carries the decoder text', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    expect((await uploadPhotos(client, project.id, [{ name: 'old.jpg', data: truncatedJpeg() }])).status).toBe(201);
    const [photo] = await settledPhotos(client, project.id);
    await testApp.database.query('update photo set error = $1 where id = $2', [
      'This photo could not be read. Please export it again (JPG or HEIC) and upload it once more. (VipsJpeg: premature end of JPEG image)',
      photo!.id,
    ]);
    const [shown] = (await client.get<Photo[]>(`/api/projects/${project.id}/photos`)).body;
    expect(shown!.error).toBe(UNREADABLE_FAILURE);
  });
});

describe('an unreadable upload the pipeline has not reached yet', () => {
  let apiOnly: TestApp;
  beforeAll(async () => {
    apiOnly = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => apiOnly.close());

  it('answers 404 "still being prepared" instead of a 500 or half a picture', async () => {
    const { client } = await signedInAgent(apiOnly);
    await startTrial(client);
    const project = await newProject(client);
    const upload = await uploadPhotos(client, project.id, [{ name: 'kitchen.jpg', data: truncatedJpeg() }]);
    expect(upload.status).toBe(201);
    const [photo] = upload.body.photos;
    for (const url of [photo!.originalUrl, `/api/photos/${photo!.id}/thumbnail`]) {
      const response = await client.get(url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: 'This photo is still being prepared', code: 'NOT_FOUND' });
    }
    expect((await client.get('/api/health')).status).toBe(200);
  });
});
