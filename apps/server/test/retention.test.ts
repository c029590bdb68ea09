import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '@hearth/contracts';
import { enhancePhoto } from '../src/modules/enhancement/enhance-photo';
import { removeStaleTempFiles, TEMP_FILE_MAX_AGE_MS } from '../src/modules/retention/stale-temp-files';
import { sweepExpiredProjects } from '../src/modules/retention/sweep';
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
  await enhancePhoto({ ...deps(), tempDir: tempDirOf(testApp) }, photoId, { isLastAttempt: true });
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
    expect(oldFiles.map((f) => path.basename(f)).sort()).toEqual([
      'enhanced.jpg',
      'original',
      'preview.jpg',
      'thumbnail.jpg',
    ]);
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
    expect(remaining.filter((f) => f.includes(kept.photoId))).toHaveLength(4);
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
