import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';
import { roleProcesses, USE_POSTGRES_AND_S3 } from './helpers/role-processes';
import { startLoopbackS3, type LoopbackS3 } from './helpers/s3-server';
import { waitForHealth } from './helpers/server-process';

/**
 * ROLE=api and ROLE=worker as real processes on PostgreSQL: refused on one local files folder (it belongs to
 * one process), working on an S3 bucket (a real S3-compatible server on loopback).
 */
const processes = roleProcesses();
let s3: LoopbackS3;
beforeAll(async () => {
  s3 = await startLoopbackS3('hearth-roles');
});
afterEach(() => processes.cleanUp());
afterAll(() => s3.close());

describe('ROLE=api and ROLE=worker on PostgreSQL', () => {
  it('with local files: the second process on the files folder is refused, told to use S3', async () => {
    const env = { DATA_DIR: processes.newDataDir(), DATABASE_URL: await processes.newPostgres() };
    const api = await processes.start('api', env);
    await waitForHealth(api.port, api.server, 120_000);
    expect(api.server.output()).toContain('ROLE=api on local files (no S3_BUCKET)');

    const worker = await processes.start('worker', env);
    expect(await worker.server.exited).toBe(1);
    expect(worker.server.output()).toContain(`The files in ${path.join(env.DATA_DIR, 'files')} are in use`);
    expect(worker.server.output()).toContain(USE_POSTGRES_AND_S3);
    expect((await fetch(`${api.baseUrl}/api/health`)).status).toBe(200);
  }, 180_000);

  it('with local files: a process killed outright leaves the folder to the next one', async () => {
    const env = { DATA_DIR: processes.newDataDir(), DATABASE_URL: await processes.newPostgres() };
    const first = await processes.start('api', env);
    await waitForHealth(first.port, first.server, 120_000);
    first.server.child.kill('SIGKILL');
    await first.server.exited;

    // Its lock is no longer refreshed: once stale (5 s), the next process takes the folder over. A start
    // within those seconds is refused as any second process is, so start until one runs (a few tries).
    for (let attempt = 1; ; attempt++) {
      const next = await processes.start('worker', env);
      const outcome = await Promise.race([
        next.server.exited.then(() => 'refused' as const),
        waitForHealth(next.port, next.server, 120_000).then(
          () => 'running' as const,
          () => 'refused' as const,
        ),
      ]);
      if (outcome === 'running') break;
      expect(next.server.output()).toContain('are in use by another Hearth process');
      expect(attempt).toBeLessThan(5);
    }
  }, 300_000);

  it('with S3: both run; a photo uploaded to the API is enhanced by the worker and served by the API', async () => {
    const env = {
      DATA_DIR: processes.newDataDir(),
      DATABASE_URL: await processes.newPostgres(),
      ...s3.env,
      QUEUE_POLL_SECONDS: '0.5',
    };
    const api = await processes.start('api', env);
    await waitForHealth(api.port, api.server, 120_000);
    const worker = await processes.start('worker', env);
    await waitForHealth(worker.port, worker.server, 120_000);
    for (const { server } of [api, worker]) expect(server.output()).not.toContain('serve one process only');

    const { client } = await signedInAgent({ baseUrl: api.baseUrl } as TestApp);
    await startTrial(client);
    const project = await newProject(client);
    expect((await uploadPhotos(client, project.id, [fixture('exterior.jpg')])).status).toBe(201);
    const [photo] = await settledPhotos(client, project.id, 120_000);
    expect(photo!.status).toBe('completed');
    const download = await client.bytes(photo!.downloadUrl!);
    expect(download.status).toBe(200);
    expect(download.data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    // Its original, preview and thumbnail, and its version's result and thumbnail.
    expect((await s3.objectKeys()).filter((key) => key.includes(photo!.id))).toHaveLength(5);
  }, 240_000);
});
