import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo, Project } from '@hearth/contracts';
import { startTestApp, storageOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';
import { fixture, imageFacts, truncatedJpeg, zipEntries } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';

let testApp: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
/** Two completed photos, in a project whose name needs sanitising for the ZIP. */
let pair: { project: Project; photos: Photo[] };
/** One completed photo. */
let single: { project: Project; photos: Photo[] };
/** Only a failed photo. */
let none: { project: Project; photos: Photo[] };
/** Two completed photos, one of whose files goes missing. */
let damaged: { project: Project; photos: Photo[] };

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5' });
  owner = (await signedInAgent(testApp)).client;
  stranger = (await signedInAgent(testApp)).client;
  await startTrial(owner);
  await startTrial(stranger);
  const make = async (name: string, files: { name: string; data: Uint8Array }[]) => {
    const project = await newProject(owner, name);
    expect((await uploadPhotos(owner, project.id, files)).status).toBe(201);
    return { project, photos: await settledPhotos(owner, project.id) };
  };
  [pair, single, none, damaged] = await Promise.all([
    make('12 Oak St. / "Front" — Ünit #4', [fixture('exterior.jpg'), fixture('furnished-interior.jpg')]),
    make('Single', [fixture('empty-interior.jpg')]),
    make('Nothing done', [{ name: 'broken.jpg', data: truncatedJpeg() }]),
    make('Damaged', [fixture('empty-interior.jpg'), fixture('exterior.jpg')]),
  ]);
}, 120_000);
afterAll(() => testApp.close());

const photoUrls = (photo: Photo) => [photo.originalUrl, photo.enhancedUrl!, photo.thumbnailUrl!, photo.downloadUrl!];

describe('photo files', () => {
  it('are served to their owner as JPEG, never sniffed, and as an attachment when downloaded', async () => {
    const photo = pair.photos.find((p) => p.fileName === 'exterior.jpg')!;
    for (const url of photoUrls(photo)) {
      const file = await owner.bytes(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type'), url).toBe('image/jpeg');
      expect(file.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(file.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])), url).toBe(true);
      // Stored files say their size up front, so a browser shows a download's progress.
      expect(file.headers.get('content-length'), url).toBe(String(file.data.length));
      const disposition = file.headers.get('content-disposition');
      if (url === photo.downloadUrl) {
        expect(disposition).toBe(
          `attachment; filename="exterior_enhanced.jpg"; filename*=UTF-8''exterior_enhanced.jpg`,
        );
      } else {
        expect(disposition, url).toBeNull();
      }
    }
    const enhanced = await owner.bytes(photo.enhancedUrl!);
    expect((await owner.bytes(photo.downloadUrl!)).data.equals(enhanced.data)).toBe(true);
    const head = await owner.request('HEAD', photo.downloadUrl!);
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(enhanced.data.length));
    expect(head.body).toBeNull();
    expect((await owner.bytes(photo.thumbnailUrl!)).data.length).toBeLessThan(enhanced.data.length);
  });

  it('are 404 to anyone else, exactly as a photo that does not exist, and 401 to no one', async () => {
    const photo = pair.photos[0]!;
    for (const kind of ['original', 'enhanced', 'thumbnail', 'download']) {
      const theirs = await stranger.get(`/api/photos/${photo.id}/${kind}`);
      const missing = await stranger.get(`/api/photos/${MISSING_ID}/${kind}`);
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body).toEqual({ message: 'Photo not found', code: 'NOT_FOUND' });
    }
    for (const path of [`/api/projects/${pair.project.id}/photos`, `/api/projects/${pair.project.id}/download`]) {
      const theirs = await stranger.get(path);
      const missing = await stranger.get(path.replace(pair.project.id, MISSING_ID));
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
    }
    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await anonymous.bytes(photo.enhancedUrl!)).status).toBe(401);
    expect((await anonymous.bytes(`/api/projects/${pair.project.id}/download`)).status).toBe(401);
  });

  it('of a failed photo have no enhanced version', async () => {
    const failed = none.photos[0]!;
    expect(failed).toMatchObject({ status: 'failed', enhancedUrl: null, downloadUrl: null });
    // It could not be read: gone for good (410) and said so, not "not enhanced yet".
    const enhanced = await owner.get(`/api/photos/${failed.id}/enhanced`);
    expect(enhanced.status).toBe(410);
    expect(enhanced.body).toMatchObject({ code: 'PHOTO_UNREADABLE' });
  });
});

describe('GET /api/projects/:id/download', () => {
  it('gives the one enhanced photo itself', async () => {
    const response = await owner.bytes(`/api/projects/${single.project.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="empty-interior_enhanced\.jpg"/);
    expect(response.data.equals((await owner.bytes(single.photos[0]!.enhancedUrl!)).data)).toBe(true);
  });

  it('streams two or more as a ZIP named after the sanitised project name', async () => {
    const response = await owner.bytes(`/api/projects/${pair.project.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="12_Oak_St_Front_Unit_4_enhanced.zip"; filename*=UTF-8''12_Oak_St_Front_Unit_4_enhanced.zip`,
    );
    // Sent while it is built: no length known up front.
    expect(response.headers.get('content-length')).toBeNull();
    expect(response.headers.get('transfer-encoding')).toBe('chunked');

    const entries = await zipEntries(response.data);
    expect(entries.map((e) => e.name)).toEqual(['exterior_enhanced.jpg', 'furnished-interior_enhanced.jpg']);
    for (const entry of entries) {
      const photo = pair.photos.find((p) => `${p.fileName.replace(/\.jpg$/, '')}_enhanced.jpg` === entry.name)!;
      expect(entry.data.equals((await owner.bytes(photo.enhancedUrl!)).data), entry.name).toBe(true);
    }
  });

  it('says so when no photo is enhanced yet', async () => {
    const response = await owner.get(`/api/projects/${none.project.id}/download`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      message: 'No completed photos available for download yet',
      code: 'NO_ENHANCED_PHOTOS',
    });
    const empty = await newProject(owner);
    expect((await owner.get(`/api/projects/${empty.id}/download`)).body.message).toBe(
      'No completed photos available for download yet',
    );
  });

  it('ends a ZIP whose file cannot be read with an error, and the server carries on', async () => {
    const { rows } = await testApp.database.query('select enhanced_key from photo where id = $1', [
      damaged.photos[1]!.id,
    ]);
    await storageOf(testApp).delete(rows[0]!.enhanced_key as string);
    const response = await owner.bytes(`/api/projects/${damaged.project.id}/download`).catch(() => null);
    if (response) {
      expect(response.status).toBe(200);
      await expect(zipEntries(response.data)).rejects.toThrow();
    }
    expect((await owner.get('/api/health')).status).toBe(200);
    expect((await owner.bytes(`/api/projects/${pair.project.id}/download`)).status).toBe(200);
  });
});

describe('an upload the pipeline has not prepared yet', () => {
  let apiOnly: TestApp;
  // No workers: the photos stay waiting, without a preview.
  beforeAll(async () => {
    apiOnly = await startTestApp({ ROLE: 'api' });
  });
  afterAll(() => apiOnly.close());

  it('is shown upright and without its GPS and camera data, or not at all when a browser cannot read it', async () => {
    const { client } = await signedInAgent(apiOnly);
    await startTrial(client);
    const project = await newProject(client);
    const portrait = fixture('portrait-exif-orientation-6.jpg');
    expect((await imageFacts(portrait.data)).mentionsGpsOrCamera).toBe(true);
    const upload = await uploadPhotos(client, project.id, [portrait, fixture('furnished-interior.heic')]);
    expect(upload.status).toBe(201);
    const [jpeg, heic] = upload.body.photos;
    expect(jpeg).toMatchObject({ status: 'waiting', thumbnailUrl: null });

    for (const url of [jpeg!.originalUrl, `/api/photos/${jpeg!.id}/thumbnail`]) {
      const file = await client.bytes(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type'), url).toBe('image/jpeg');
      const facts = await imageFacts(file.data);
      expect(facts, url).toMatchObject({ format: 'jpeg', orientation: undefined, hasExif: false, hasXmp: false });
      expect(facts.mentionsGpsOrCamera, url).toBe(false);
      expect(facts.height! > facts.width!, `${url} is upright`).toBe(true);
    }
    const notYet = await client.get(heic!.originalUrl);
    expect(notYet.status).toBe(404);
    expect(notYet.body).toEqual({ message: 'This photo is still being prepared', code: 'NOT_FOUND' });
  });
});
