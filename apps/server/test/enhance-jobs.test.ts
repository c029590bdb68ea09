import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Photo } from '@hearth/contracts';
import { enhancePhoto, type EnhanceDeps } from '../src/modules/enhancement/enhance-photo';
import { recoverStalledPhotos } from '../src/modules/enhancement/recover-stalled';
import { startQueue } from '../src/adapters/pg-boss-queue';
import type { Queue } from '../src/infrastructure/queue/queue';
import { startTestApp, storageOf, tempDirOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture, truncatedJpeg } from './helpers/fixtures';
import { newProject, projectInList, startTrial, uploadPhotos, usage, type UploadFile } from './helpers/projects';

let testApp: TestApp;
let deps: EnhanceDeps;
/** A second handle on the app's queue: the test plays the worker and the stall check itself. */
let queue: Queue;
const log = pino({ level: 'silent' });

// Workers off: each test runs `photo.enhance` and the stall check by hand, as often as it wants.
beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'api' });
  deps = { db: testApp.database.db, storage: storageOf(testApp), tempDir: tempDirOf(testApp), log };
  queue = await startQueue(testApp.database, log, {
    enhanceExpireSeconds: 300,
    enhanceRetryLimit: 2,
    pollingIntervalSeconds: 1,
    maintenanceIntervalSeconds: 60,
  });
});
afterAll(async () => {
  await queue.stop();
  await testApp.close();
});

const lastTry = { isLastAttempt: true };

async function uploaded(files: UploadFile[]) {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  const response = await uploadPhotos(agent.client, project.id, files);
  expect(response.status).toBe(201);
  return { ...agent, project, photos: response.body.photos };
}

/** The photo's one version (these tests make one per photo): its id, or the photo's once it is gone. */
async function versionOf(photoId: string): Promise<string> {
  const { rows } = await testApp.database.query(
    'select id from photo_version where photo_id = $1 order by number limit 1',
    [photoId],
  );
  return (rows[0]?.id as string | undefined) ?? photoId;
}

/** `photo.enhance` for the photo's version, as its job would run it. */
const enhance = async (d: EnhanceDeps, photoId: string, context: { isLastAttempt: boolean }) =>
  enhancePhoto(d, await versionOf(photoId), context);

/** The bookkeeping of the photo's version: status, tries, its job and whether its image was given back. */
async function photoRow(id: string) {
  const { rows } = await testApp.database.query(
    `select status, attempts, job_id as enhance_job_id, quota_returned from photo_version
       where photo_id = $1 order by number limit 1`,
    [id],
  );
  return rows[0] as { status: string; attempts: number; enhance_job_id: string; quota_returned: boolean } | undefined;
}

/** A photo's files once its one version is made. */
const madeFiles = (versionId: string) => [
  'original',
  'preview.jpg',
  'thumbnail.jpg',
  `version-${versionId}-thumbnail.jpg`,
  `version-${versionId}.jpg`,
];

/** Every file under the photo's folder in storage (none once it is deleted). */
async function filesOf(photo: Photo, userId: string) {
  const folder = path.join(testApp.config.dataDir, 'files', 'users', userId, 'photos', photo.id);
  return (await readdir(folder).catch(() => [] as string[])).sort();
}

async function userIdOf(email: string) {
  const { rows } = await testApp.database.query('select id from "user" where email = $1', [email]);
  return rows[0]!.id as string;
}

describe('photo.enhance', () => {
  it('run twice, one after the other, gives one result and one charge', async () => {
    const { client, email, photos } = await uploaded([fixture('exterior.jpg')]);
    const photo = photos[0]!;
    await enhance(deps, photo.id, lastTry);
    const first = await client.bytes(`/api/photos/${photo.id}/enhanced`);
    expect(first.status).toBe(200);

    await enhance(deps, photo.id, lastTry);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'completed', attempts: 1 });
    expect((await client.bytes(`/api/photos/${photo.id}/enhanced`)).data.equals(first.data)).toBe(true);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    expect(await filesOf(photo, await userIdOf(email))).toEqual(madeFiles(await versionOf(photo.id)));
  });

  it('run twice at the same time (an expired job run again while the first still works) finishes once', async () => {
    const { client, email, project, photos } = await uploaded([
      fixture('empty-interior.jpg'),
      fixture('exterior.jpg'),
      fixture('furnished-interior.jpg'),
      fixture('exterior.jpg'),
    ]);
    await Promise.all(photos.flatMap((p) => [enhance(deps, p.id, lastTry), enhance(deps, p.id, lastTry)]));
    for (const photo of photos) {
      expect((await photoRow(photo.id))!.status).toBe('completed');
      // Both runs wrote the same keys; no partial or extra file is left beside them.
      expect(await filesOf(photo, await userIdOf(email))).toEqual(madeFiles(await versionOf(photo.id)));
    }
    // Photos of one project finishing side by side each count the other: none is left uncounted.
    expect(await projectInList(client, project.id)).toMatchObject({
      status: 'completed',
      processedPhotos: 4,
      completedPhotos: 4,
    });
    expect(await usage(client)).toMatchObject({ imagesUsed: 4 });
  });

  it('gives a failed photo its image back once, however often it runs', async () => {
    const { client, project, photos } = await uploaded([
      { name: 'broken.jpg', data: truncatedJpeg() },
      fixture('exterior.jpg'),
    ]);
    const broken = photos.find((p) => p.fileName === 'broken.jpg')!;
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
    await Promise.all([enhance(deps, broken.id, lastTry), enhance(deps, broken.id, lastTry)]);
    await enhance(deps, broken.id, lastTry);
    expect(await photoRow(broken.id)).toMatchObject({ status: 'failed', quota_returned: true });
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
    expect(await projectInList(client, project.id)).toMatchObject({
      status: 'processing',
      processedPhotos: 1,
      failedPhotos: 1,
    });
  });

  it('leaves a failure another try may fix to that try, and fails the photo for good on the last one', async () => {
    const { client, photos } = await uploaded([fixture('exterior.jpg'), fixture('empty-interior.jpg')]);
    // A temporary folder that cannot be written: a full or broken disk, which may be fixed by the next try.
    const blocker = path.join(testApp.config.dataDir, 'not-a-folder');
    await writeFile(blocker, '');
    const broken = { ...deps, tempDir: path.join(blocker, 'tmp') };
    const [retried, exhausted] = photos.map((p) => p.id) as [string, string];

    await expect(enhance(broken, retried, { isLastAttempt: false })).rejects.toThrow();
    expect(await photoRow(retried)).toMatchObject({ status: 'processing', attempts: 1 });
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
    await enhance(deps, retried, lastTry);
    expect(await photoRow(retried)).toMatchObject({ status: 'completed', attempts: 2 });

    await enhance(broken, exhausted, lastTry);
    expect(await photoRow(exhausted)).toMatchObject({ status: 'failed', quota_returned: true });
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
  });

  it('fails a photo at once when its original is missing from storage', async () => {
    const { client, photos } = await uploaded([fixture('exterior.jpg')]);
    const { rows } = await testApp.database.query('select original_key from photo where id = $1', [photos[0]!.id]);
    await deps.storage.delete(rows[0]!.original_key as string);
    await enhance(deps, photos[0]!.id, { isLastAttempt: false });
    expect(await photoRow(photos[0]!.id)).toMatchObject({ status: 'failed', quota_returned: true });
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
    const photo = (await client.get<Photo[]>(`/api/projects/${photos[0]!.projectId}/photos`)).body[0]!;
    expect(photo.error).toBe('The uploaded file is missing. Please upload the photo again.');
  });

  it('does nothing for a photo deleted with its project, and leaves no file behind', async () => {
    const { client, email, project, photos } = await uploaded([fixture('exterior.jpg')]);
    const userId = await userIdOf(email);
    expect(await filesOf(photos[0]!, userId)).toEqual(['original']);
    expect((await client.request('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    await enhance(deps, photos[0]!.id, lastTry);
    expect(await filesOf(photos[0]!, userId)).toEqual([]);
    expect(await photoRow(photos[0]!.id)).toBeUndefined();
  });
});

describe('stalled-photo recovery', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
  const options = (now: Date) => ({ stalledAfterMs: 60_000, maxAttempts: 3, now });

  it('leaves a photo alone while its job still waits, however long the queue', async () => {
    const { photos } = await uploaded([fixture('exterior.jpg')]);
    const before = await photoRow(photos[0]!.id);
    expect(before!.enhance_job_id).toBe(await versionOf(photos[0]!.id));
    expect(await queue.isPending('photo.enhance', before!.enhance_job_id)).toBe(true);
    await recoverStalledPhotos({ db: deps.db, queue }, options(later(24 * 60)));
    expect(await photoRow(photos[0]!.id)).toEqual(before);
  });

  it('queues a photo again, once, when its job was lost', async () => {
    const { photos } = await uploaded([fixture('exterior.jpg')]);
    const id = photos[0]!.id;
    const versionId = await versionOf(id);
    // As if the process died between saving the upload and queueing its job.
    await testApp.database.query('delete from pgboss.job where id = $1', [versionId]);
    expect(await queue.isPending('photo.enhance', versionId)).toBe(false);

    const now = later(5);
    const [first, second] = await Promise.all([
      recoverStalledPhotos({ db: deps.db, queue }, options(now)),
      recoverStalledPhotos({ db: deps.db, queue }, options(now)),
    ]);
    expect(first.requeued + second.requeued).toBe(1);
    const row = await photoRow(id);
    expect(row).toMatchObject({ status: 'waiting' });
    expect(row!.enhance_job_id).not.toBe(versionId);
    expect(await queue.isPending('photo.enhance', row!.enhance_job_id)).toBe(true);
    const { rows } = await testApp.database.query(
      `select count(*)::int as n from pgboss.job where name = 'photo.enhance' and data->>'versionId' = $1`,
      [versionId],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('fails a photo whose tries ran out on workers that died, and gives its image back', async () => {
    const { client, photos } = await uploaded([fixture('exterior.jpg')]);
    const id = photos[0]!.id;
    // Three tries started (attempts = 3), each on a worker that was killed; pg-boss then failed the job.
    const versionId = await versionOf(id);
    await testApp.database.query(`update photo_version set status = 'processing', attempts = 3 where id = $1`, [
      versionId,
    ]);
    await testApp.database.query(`update pgboss.job set state = 'failed' where id = $1`, [versionId]);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });

    expect(await recoverStalledPhotos({ db: deps.db, queue }, options(later(5)))).toMatchObject({ failed: 1 });
    expect(await photoRow(id)).toMatchObject({ status: 'failed', quota_returned: true });
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
    const photo = (await client.get<Photo[]>(`/api/projects/${photos[0]!.projectId}/photos`)).body[0]!;
    expect(photo.error).toBe('Enhancement failed. The image was not charged; please try again.');
  });
});
