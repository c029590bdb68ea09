import { existsSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Photo, Project } from '@hearth/contracts';
import { sweepExpiredProjects } from '../src/modules/retention/sweep';
import { startTestApp, storageOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import type { ApiClient } from './helpers/client';
import { fixture, zipEntries } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';
import { startLoopbackS3, type LoopbackS3 } from './helpers/s3-server';

/**
 * The whole life of a project's files with the app configured for S3 (S3_BUCKET and friends) against a real
 * S3-compatible server on loopback: upload, enhancement by the local engine, downloads, ZIP, deletion.
 */
let s3: LoopbackS3;
let testApp: TestApp;
let owner: ApiClient;
let stranger: ApiClient;
let project: Project;
let photos: Photo[];

const objectsOf = async (photoIds: string[]) =>
  (await s3.objectKeys()).filter((key) => photoIds.some((id) => key.includes(`/photos/${id}/`)));

beforeAll(async () => {
  s3 = await startLoopbackS3('hearth-flow');
  testApp = await startTestApp({ ...s3.env, QUEUE_POLL_SECONDS: '0.5' });
  owner = (await signedInAgent(testApp)).client;
  stranger = (await signedInAgent(testApp)).client;
  await startTrial(owner);
  await startTrial(stranger);
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await s3.close();
});

describe('photos kept in an S3 bucket', () => {
  it('are uploaded into the bucket and enhanced from it, and nothing is written to the local files folder', async () => {
    project = await newProject(owner, 'Maple Court');
    const upload = await uploadPhotos(owner, project.id, [fixture('exterior.jpg'), fixture('empty-interior.jpg')]);
    expect(upload.status).toBe(201);
    const ids = upload.body.photos.map((p) => p.id);

    photos = await settledPhotos(owner, project.id);
    expect(photos.map((p) => p.status)).toEqual(['completed', 'completed']);
    // Each photo: its original, preview and thumbnail, and its one version's result and thumbnail.
    const names = (await objectsOf(ids)).map((key) =>
      path.basename(key).replace(/^version-[\w-]+?(-thumbnail)?\.jpg$/, 'version$1.jpg'),
    );
    expect(names.sort()).toEqual(
      [
        'original',
        'preview.jpg',
        'thumbnail.jpg',
        'version.jpg',
        'version-thumbnail.jpg',
        'original',
        'preview.jpg',
        'thumbnail.jpg',
        'version.jpg',
        'version-thumbnail.jpg',
      ].sort(),
    );
    expect(existsSync(path.join(testApp.config.dataDir, 'files'))).toBe(false);
  }, 120_000);

  it('are streamed to their owner from the bucket, one photo as an attachment', async () => {
    const photo = photos.find((p) => p.fileName === 'exterior.jpg')!;
    const download = await owner.bytes(photo.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="exterior_enhanced.jpg"; filename*=UTF-8''exterior_enhanced.jpg`,
    );
    const stored = await storageOf(testApp).get(
      (await objectsOf([photo.id])).find(
        (key) => /\/version-[\w-]+\.jpg$/.test(key) && !key.endsWith('-thumbnail.jpg'),
      )!,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(download.data.equals(Buffer.concat(chunks))).toBe(true);
    for (const url of [photo.originalUrl, photo.thumbnailUrl!, photo.enhancedUrl!]) {
      expect((await owner.bytes(url)).status, url).toBe(200);
    }
  });

  it('are 404 to another user, photo by photo and as a project download', async () => {
    for (const photo of photos) {
      for (const url of [photo.originalUrl, photo.thumbnailUrl!, photo.enhancedUrl!, photo.downloadUrl!]) {
        const theirs = await stranger.get(url);
        expect(theirs.status, url).toBe(404);
        expect(theirs.body).toEqual({ message: 'Photo not found', code: 'NOT_FOUND' });
      }
    }
    const zip = await stranger.get(`/api/projects/${project.id}/download`);
    expect(zip.status).toBe(404);
    expect(zip.body).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
  });

  it('download together as a ZIP streamed from the bucket', async () => {
    const response = await owner.bytes(`/api/projects/${project.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="Maple_Court_enhanced\.zip"/);
    const entries = await zipEntries(response.data);
    expect(entries.map((e) => e.name).sort()).toEqual(['empty-interior_enhanced.jpg', 'exterior_enhanced.jpg']);
    for (const entry of entries) {
      const photo = photos.find((p) => entry.name.startsWith(p.fileName.replace(/\.jpg$/, '')))!;
      expect(entry.data.equals((await owner.bytes(photo.enhancedUrl!)).data), entry.name).toBe(true);
    }
  });

  it('keep their project when the bucket cannot be reached to delete them, and go with it once it can', async () => {
    const ids = photos.map((p) => p.id);
    await s3.stop();
    try {
      const refused = await owner.request('DELETE', `/api/projects/${project.id}`);
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: 'Failed to delete project. Please try again.', code: 'DELETE_FAILED' });
    } finally {
      await s3.restart();
    }
    // As a readiness probe would, wait until the app's own S3 client reaches the bucket again. With both cores
    // busy, the delete below answered 503 ("Please try again") in about one run in six without this, its
    // files refused once more right after the restart (cause not yet found; the user's retry succeeds).
    await vi.waitFor(() => storageOf(testApp).check(), { timeout: 10_000, interval: 100 });
    const kept = await owner.get<Photo[]>(`/api/projects/${project.id}/photos`);
    expect(kept.body.map((p) => p.status)).toEqual(['completed', 'completed']);
    expect(await objectsOf(ids)).toHaveLength(10);

    expect((await stranger.request('DELETE', `/api/projects/${project.id}`)).status).toBe(404);
    expect(await objectsOf(ids)).toHaveLength(10);
    expect((await owner.request('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    expect((await owner.get(`/api/projects/${project.id}/photos`)).status).toBe(404);
    expect(await objectsOf(ids)).toEqual([]);
  }, 60_000);

  it('are deleted from the bucket by the retention sweep with their expired project', async () => {
    const expiring = await newProject(owner, 'Old listing');
    expect((await uploadPhotos(owner, expiring.id, [fixture('exterior.jpg')])).status).toBe(201);
    const [photo] = await settledPhotos(owner, expiring.id);
    expect(await objectsOf([photo!.id])).toHaveLength(5);
    await testApp.database.query(`update project set expires_at = now() - interval '1 minute' where id = $1`, [
      expiring.id,
    ]);

    const log = pino({ level: 'silent' });
    expect(await sweepExpiredProjects({ db: testApp.database.db, storage: storageOf(testApp), log })).toBe(1);
    expect(await objectsOf([photo!.id])).toEqual([]);
    expect((await owner.get(`/api/projects/${expiring.id}/photos`)).status).toBe(404);
  }, 120_000);
});
