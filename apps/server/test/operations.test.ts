import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { FakeVendor } from './helpers/fake-vendor';
import { fixture, truncatedJpeg } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';
import { startLoopbackS3, type LoopbackS3 } from './helpers/s3-server';
import { sampleValue, stagedGeminiAnswer } from './helpers/staged-answer';

/** GET /api/ready and GET /metrics (decision 076); the cluster's own view is in postgres-cluster-limits.test.ts. */

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('GET /api/ready', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => testApp?.close());

  const ready = async () => {
    const response = await fetch(new URL('/api/ready', testApp.baseUrl));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 200 while the database, the storage and the queue all answer, to anyone', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', storage: 'ok', queue: 'ok' } },
    });
  });

  it('answers 503 naming the storage when the files cannot be written', async () => {
    const filesDir = path.join(testApp.config.dataDir, 'files');
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'not a folder'); // as a disk that was never mounted there
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: {
          message: 'Not ready: the storage is not reachable.',
          code: 'NOT_READY',
          checks: { database: 'ok', storage: 'unreachable', queue: 'ok' },
        },
      });
    } finally {
      rmSync(filesDir, { force: true });
    }
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 naming the queue when its tables do not answer', async () => {
    await testApp.database.query('ALTER TABLE pgboss.version RENAME TO version_elsewhere');
    try {
      expect(await ready()).toMatchObject({
        status: 503,
        body: {
          message: 'Not ready: the queue is not reachable.',
          checks: { database: 'ok', storage: 'ok', queue: 'unreachable' },
        },
      });
    } finally {
      await testApp.database.query('ALTER TABLE pgboss.version_elsewhere RENAME TO version');
    }
    expect((await ready()).status).toBe(200);
  });
});

describe('GET /api/ready with the photos in S3', () => {
  let s3: LoopbackS3;
  let testApp: TestApp;
  beforeAll(async () => {
    s3 = await startLoopbackS3();
    testApp = await startTestApp(s3.env);
  });
  afterAll(async () => {
    await testApp?.close();
    await s3?.close();
  });

  const ready = async () => {
    const response = await fetch(new URL('/api/ready', testApp.baseUrl));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers 503 naming the storage while the bucket does not answer, and 200 again once it does', async () => {
    expect((await ready()).status).toBe(200);
    await s3.stop();
    try {
      expect(await ready()).toEqual({
        status: 503,
        body: {
          message: 'Not ready: the storage is not reachable.',
          code: 'NOT_READY',
          checks: { database: 'ok', storage: 'unreachable', queue: 'ok' },
        },
      });
    } finally {
      await s3.restart();
    }
    expect((await ready()).status).toBe(200);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => testApp?.close());

  it('is not there (404), whatever is sent', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await fetch(new URL('/metrics', testApp.baseUrl), { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found', code: 'NOT_FOUND' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const vendor = new FakeVendor(stagedGeminiAnswer);
  let testApp: TestApp;
  beforeAll(async () => {
    await vendor.start();
    testApp = await startTestApp({
      METRICS_TOKEN: TOKEN,
      QUEUE_POLL_SECONDS: '0.5',
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: vendor.baseUrl,
      AI_IMAGES_PER_MINUTE: '6000',
      ENHANCE_RETRY_LIMIT: '0',
    });
  });
  afterAll(async () => {
    await testApp?.close();
    await vendor.close();
  });

  const scrape = (authorization?: string) =>
    fetch(new URL('/metrics', testApp.baseUrl), { headers: authorization ? { authorization } : {} });

  it('asks for the token: none or a wrong one is 401', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-00', `Basic ${TOKEN}`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('hearth_');
    }
  });

  it('counts requests by route pattern, uploads, photos, provider calls and the queues', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const staged = fixture('empty-interior.jpg');
    const unreadable = { name: 'kitchen.jpg', data: truncatedJpeg() };
    expect((await uploadPhotos(client, project.id, [staged], { templateId: 'living-room' })).status).toBe(201);
    expect((await uploadPhotos(client, project.id, [unreadable])).status).toBe(201);
    const photos = await settledPhotos(client, project.id);
    expect(photos.map((p) => p.status).sort()).toEqual(['completed', 'failed']);
    expect((await client.get(`/api/projects/${project.id}/nothing-here`)).status).toBe(404);

    // A photo is settled once its row says so; its job's outcome is counted a moment later, when the handler
    // returns, and pg-boss records the job after that: scrape until both photos are counted and no job runs.
    let text = '';
    await expect
      .poll(
        async () => {
          const response = await scrape(`Bearer ${TOKEN}`);
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
          text = await response.text();
          const finished = ['completed', 'failed'].map((outcome) =>
            sampleValue(text, 'hearth_photos_finished_total', { outcome }),
          );
          const running = sampleValue(text, 'hearth_queue_jobs', { queue: 'photo.enhance', state: 'running' });
          return finished.every((n) => n === 1) && running === 0;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);

    const requests = (route: string, method = 'GET', status = '200') =>
      sampleValue(text, 'hearth_http_request_duration_seconds_count', { method, route, status_code: status });
    expect(requests('/api/projects/:id/photos')).toBeGreaterThanOrEqual(1);
    expect(requests('/api/projects/:id/upload', 'POST', '201')).toBe(2);
    expect(requests('unmatched', 'GET', '404')).toBe(1);
    // Patterns only: no id of a project, photo or user is ever a label.
    expect(text).not.toContain(project.id);

    expect(sampleValue(text, 'hearth_upload_bytes_total', { role: 'all' })).toBe(
      staged.data.length + unreadable.data.length,
    );
    expect(sampleValue(text, 'hearth_photos_finished_total', { outcome: 'completed' })).toBe(1);
    expect(sampleValue(text, 'hearth_photos_finished_total', { outcome: 'failed' })).toBe(1);
    expect(sampleValue(text, 'hearth_job_runs_total', { queue: 'photo.enhance', outcome: 'completed' })).toBe(1);

    expect(vendor.requests).toHaveLength(1);
    const calls = { vendor: 'gemini', outcome: 'ok' };
    expect(sampleValue(text, 'hearth_provider_call_duration_seconds_count', calls)).toBe(1);
    expect(sampleValue(text, 'hearth_provider_cost_usd_total', { vendor: 'gemini' })).toBeGreaterThan(0);

    // Read from the queue at the scrape: nothing of the batch waits any more.
    expect(sampleValue(text, 'hearth_queue_jobs', { queue: 'photo.enhance', state: 'waiting' })).toBe(0);
    expect(sampleValue(text, 'hearth_queue_jobs', { queue: 'photo.enhance', state: 'running' })).toBe(0);
    expect(sampleValue(text, 'hearth_queue_oldest_waiting_seconds', { queue: 'photo.enhance' })).toBe(0);
    // And the process's own: memory, event loop.
    expect(sampleValue(text, 'hearth_process_resident_memory_bytes')).toBeGreaterThan(0);
  }, 120_000);
});
