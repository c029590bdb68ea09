import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hearth/contracts';
import { enhancePhoto } from '../src/modules/enhancement/enhance-photo';
import { removeStaleTempFiles, TEMP_FILE_MAX_AGE_MS } from '../src/modules/retention/stale-temp-files';
import { sweepExpiredProjects } from '../src/modules/retention/sweep';
import type { ObjectStorage } from '../src/infrastructure/storage/object-storage';
import { startTestApp, storageOf, tempDirOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture } from './helpers/fixtures';
import { newProject, startTrial, uploadPhotos } from './helpers/projects';

let testApp: TestApp;
const log = pino({ level: 'silent' });
const deps = () => ({ db: testApp.database.db, storage: storageOf(testApp), log });

// Workers off: the test runs the jobs and the sweep itself. Retention of 7 days, as a plan may set it.
beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'api', RETENTION_DAYS: '7' });
});
afterAll(() => testApp.close());

async function filesOnDisk(): Promise<string[]> {
  const root = path.join(testApp.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** A project with one enhanced photo, its files on disk. */
async function enhancedProject(client: Awaited<ReturnType<typeof signedInAgent>>['client']) {
  const project = await newProject(client);
  const upload = await uploadPhotos(client, project.id, [fixture('exterior.jpg')]);
  expect(upload.status).toBe(201);
  const photoId = upload.body.photos[0]!.id;
  const { rows } = await testApp.database.query('select id from photo_version where photo_id = $1', [photoId]);
  await enhancePhoto({ ...deps(), tempDir: tempDirOf(testApp) }, rows[0]!.id as string, { isLastAttempt: true });
  return { project, photoId };
}

const expire = (projectId: string) =>
  testApp.database.query(`update project set expires_at = now() - interval '1 minute' where id = $1`, [projectId]);

describe('the retention sweep', () => {
  it('keeps projects for the retention period', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const days = (new Date(project.expiresAt).getTime() - new Date(project.createdAt).getTime()) / 86_400_000;
    expect(days).toBe(7);
    expect((await client.get('/api/usage/stats')).body.retentionDays).toBe(7);
  });

  it('deletes projects past retention with their photos and files, and is harmless to run again', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const old = await enhancedProject(client);
    const kept = await enhancedProject(client);
    const oldFiles = (await filesOnDisk()).filter((f) => f.includes(old.photoId));
    expect(
      oldFiles.map((f) => path.basename(f).replace(/^version-[\w-]+?(-thumbnail)?\.jpg$/, 'version$1.jpg')).sort(),
    ).toEqual(['original', 'preview.jpg', 'thumbnail.jpg', 'version-thumbnail.jpg', 'version.jpg']);
    await expire(old.project.id);

    expect(await sweepExpiredProjects(deps())).toBe(1);
    expect((await client.get(`/api/projects/${old.project.id}/photos`)).status).toBe(404);
    expect((await client.get(`/api/photos/${old.photoId}/enhanced`)).status).toBe(404);
    expect((await client.get<Project[]>('/api/projects')).body.map((p) => p.id)).toEqual([kept.project.id]);
    const { rows } = await testApp.database.query('select count(*)::int as n from photo where project_id = $1', [
      old.project.id,
    ]);
    expect(rows[0]!.n).toBe(0);
    const remaining = await filesOnDisk();
    expect(remaining.filter((f) => f.includes(old.photoId))).toEqual([]);
    expect(remaining.filter((f) => f.includes(kept.photoId))).toHaveLength(5);
    expect((await client.bytes(`/api/photos/${kept.photoId}/enhanced`)).status).toBe(200);

    // Again, and twice at once: nothing more to do, nothing breaks.
    expect(await sweepExpiredProjects(deps())).toBe(0);
    const twice = await Promise.all([sweepExpiredProjects(deps()), sweepExpiredProjects(deps())]);
    expect(twice).toEqual([0, 0]);
    expect(await filesOnDisk()).toEqual(remaining);
  });

  it('deletes an expired project once when two sweeps run at the same time', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const old = await enhancedProject(client);
    await expire(old.project.id);
    const [a, b] = await Promise.all([sweepExpiredProjects(deps()), sweepExpiredProjects(deps())]);
    expect(a + b).toBe(1);
    expect((await filesOnDisk()).filter((f) => f.includes(old.photoId))).toEqual([]);
  });
});

/** The app's storage, except that deleting fails when `failOn` says so, as a flaky disk or S3 would. */
function storageFailingDeletes(failOn: (key: string) => boolean): ObjectStorage & { calls: string[] } {
  const real = storageOf(testApp);
  const calls: string[] = [];
  return {
    ...real,
    calls,
    async delete(key) {
      calls.push(key);
      if (failOn(key)) throw new Error(`EIO: i/o error, unlink '${key}'`);
      await real.delete(key);
    },
  };
}

const projectRows = async (projectId: string) =>
  (await testApp.database.query('select count(*)::int as n from project where id = $1', [projectId])).rows[0]!.n;
const photoRows = async (projectId: string) =>
  (await testApp.database.query('select count(*)::int as n from photo where project_id = $1', [projectId])).rows[0]!.n;

describe('a retention sweep that fails part way', () => {
  it('keeps the project while any file is left, and the next sweep leaves no row and no file', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const old = await enhancedProject(client);
    await expire(old.project.id);

    // The original (with its GPS tags) cannot be deleted, once.
    let originalDeletes = 0;
    const flaky = storageFailingDeletes((key) => key.endsWith('/original') && ++originalDeletes === 1);
    expect(await sweepExpiredProjects({ ...deps(), storage: flaky })).toBe(0);
    expect(flaky.calls.filter((k) => k.endsWith('/original'))).toHaveLength(1);
    expect(await projectRows(old.project.id)).toBe(1);
    expect(await photoRows(old.project.id)).toBe(1);
    expect((await filesOnDisk()).filter((f) => f.includes(old.photoId)).map((f) => path.basename(f))).toEqual([
      'original',
    ]);
    // Still the agent's, until the sweep gets it.
    expect((await client.get(`/api/projects/${old.project.id}/photos`)).status).toBe(200);

    expect(await sweepExpiredProjects({ ...deps(), storage: flaky })).toBe(1);
    expect(await projectRows(old.project.id)).toBe(0);
    expect(await photoRows(old.project.id)).toBe(0);
    expect((await filesOnDisk()).filter((f) => f.includes(old.photoId))).toEqual([]);
    expect((await client.get(`/api/projects/${old.project.id}/photos`)).status).toBe(404);
  });

  it('whichever file deletion fails, a second sweep leaves no row and no file; other projects are still swept', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    // Five files per photo (original, preview, thumbnail, its version's result and thumbnail): fail at each in turn.
    for (let failing = 1; failing <= 5; failing++) {
      const stuck = await enhancedProject(client);
      const other = await enhancedProject(client);
      await expire(stuck.project.id);
      await expire(other.project.id);
      const stuckFiles = (await filesOnDisk()).filter((f) => f.includes(stuck.photoId));
      let callsForStuck = 0;
      const flaky = storageFailingDeletes((key) => key.includes(stuck.photoId) && ++callsForStuck === failing);

      expect(await sweepExpiredProjects({ ...deps(), storage: flaky })).toBe(1);
      expect(await projectRows(other.project.id)).toBe(0);
      expect((await filesOnDisk()).filter((f) => f.includes(other.photoId))).toEqual([]);
      expect(await projectRows(stuck.project.id)).toBe(1);
      expect(await photoRows(stuck.project.id)).toBe(1);
      const left = (await filesOnDisk()).filter((f) => f.includes(stuck.photoId));
      expect(left.length).toBeGreaterThan(0);
      expect(left.every((f) => stuckFiles.includes(f))).toBe(true);

      expect(await sweepExpiredProjects({ ...deps(), storage: flaky })).toBe(1);
      expect(await projectRows(stuck.project.id)).toBe(0);
      expect((await filesOnDisk()).filter((f) => f.includes(stuck.photoId))).toEqual([]);
    }
  });
});

describe('deleting a project', () => {
  it('whose files cannot all be deleted keeps it whole and says so; deleting again removes rows and files', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const { project, photoId } = await enhancedProject(client);
    const thumbnail = (await filesOnDisk()).find((f) => f.includes(photoId) && f.endsWith('thumbnail.jpg'))!;
    const folder = path.join(testApp.config.dataDir, 'files', path.dirname(thumbnail));
    // Something the storage cannot remove where the thumbnail was: a folder with a file in it.
    await rm(path.join(folder, 'thumbnail.jpg'));
    await mkdir(path.join(folder, 'thumbnail.jpg'));
    await writeFile(path.join(folder, 'thumbnail.jpg', 'lock'), 'x');

    const refused = await client.request('DELETE', `/api/projects/${project.id}`);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ message: 'Failed to delete project. Please try again.' });
    expect((await client.get(`/api/projects/${project.id}/photos`)).status).toBe(200);
    expect(await photoRows(project.id)).toBe(1);

    await rm(path.join(folder, 'thumbnail.jpg'), { recursive: true });
    expect((await client.request('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    expect((await client.get(`/api/projects/${project.id}/photos`)).status).toBe(404);
    expect(await projectRows(project.id)).toBe(0);
    expect((await filesOnDisk()).filter((f) => f.includes(photoId))).toEqual([]);
  });
});

describe('stale temporary files', () => {
  it('are removed once nothing can own them; files in use are kept', async () => {
    const tempDir = tempDirOf(testApp);
    await mkdir(path.join(tempDir, 'uploads'), { recursive: true });
    await mkdir(path.join(tempDir, 'job-old'), { recursive: true });
    await mkdir(path.join(tempDir, 'job-new'), { recursive: true });
    await writeFile(path.join(tempDir, 'job-old', 'original'), 'x');
    await writeFile(path.join(tempDir, 'uploads', 'old-upload'), 'x');
    await writeFile(path.join(tempDir, 'uploads', 'new-upload'), 'x');
    const old = new Date(Date.now() - TEMP_FILE_MAX_AGE_MS - 60_000);
    await utimes(path.join(tempDir, 'job-old'), old, old);
    await utimes(path.join(tempDir, 'uploads', 'old-upload'), old, old);

    expect(await removeStaleTempFiles(tempDir)).toBe(2);
    expect((await readdir(tempDir)).filter((n) => n.startsWith('job-')).sort()).toEqual(['job-new']);
    expect(await readdir(path.join(tempDir, 'uploads'))).toEqual(['new-upload']);
    expect(await removeStaleTempFiles(tempDir)).toBe(0);
  });
});
