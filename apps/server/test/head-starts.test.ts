import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDirOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { fixture } from './helpers/fixtures';
import { makeJpeg } from './helpers/images';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';

const TOKEN = 'head-start-metrics-token-0123456789';

let testApp: TestApp;
// Workers on, in the process that takes the upload: the only place head starts run (docs/decisions/105).
beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5', METRICS_TOKEN: TOKEN });
});
afterAll(() => testApp.close());

async function headStarts(): Promise<{ taken: number; unused: number }> {
  const response = await fetch(new URL('/metrics', testApp.baseUrl), { headers: { authorization: `Bearer ${TOKEN}` } });
  const text = await response.text();
  const count = (outcome: string) =>
    Number(new RegExp(`^hearth_photo_head_starts_total\\{outcome="${outcome}"[^}]*\\} (\\d+)`, 'm').exec(text)?.[1]);
  return { taken: count('taken'), unused: count('unused') };
}

const headStartFolders = async () =>
  (await readdir(tempDirOf(testApp)).catch(() => [])).filter((name) => name.startsWith('job-head-start-'));

async function untilNoHeadStartFolders() {
  for (let i = 0; i < 100 && (await headStartFolders()).length; i++) await new Promise((r) => setTimeout(r, 100));
  return headStartFolders();
}

async function storedOriginals() {
  const root = path.join(testApp.config.dataDir, 'files');
  return (await readdir(root, { recursive: true }).catch(() => [])).filter((name) => name.endsWith('original'));
}

describe('head starts of an upload', () => {
  it('begins each photo while its batch uploads; its job takes the preview and result', async () => {
    const agent = await signedInAgent(testApp);
    await startTrial(agent.client);
    const project = await newProject(agent.client);
    const before = await headStarts();

    const files = [fixture('exterior.jpg'), fixture('empty-interior.jpg'), fixture('furnished-interior.jpg')];
    expect((await uploadPhotos(agent.client, project.id, files)).status).toBe(201);
    const photos = await settledPhotos(agent.client, project.id);

    expect(photos.map((p) => [p.status, p.engine, p.operations])).toEqual(
      files.map(() => ['completed', 'local', ['professional-enhancement']]),
    );
    for (const photo of photos) {
      for (const file of [photo.enhancedUrl!, photo.thumbnailUrl!, `/api/photos/${photo.id}/original`]) {
        const response = await agent.client.get(file);
        expect(response.status, file).toBe(200);
      }
    }
    const after = await headStarts();
    // Each photo's work is begun once and ends once; with idle cores during the upload, jobs find it begun.
    expect(after.taken + after.unused - before.taken - before.unused).toBe(files.length);
    expect(after.taken - before.taken).toBeGreaterThan(0);
    expect(await untilNoHeadStartFolders()).toEqual([]);
  });

  it('gives up what a refused batch began, and keeps none of its files', async () => {
    const agent = await signedInAgent(testApp);
    await startTrial(agent.client);
    const project = await newProject(agent.client);
    const before = await headStarts();
    const originalsBefore = await storedOriginals();

    const jpeg = await makeJpeg(640, 480);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg }));
    const refused = await uploadPhotos(agent.client, project.id, eleven);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'UPLOAD_LIMIT_EXCEEDED' });

    const after = await headStarts();
    expect(after.taken).toBe(before.taken);
    expect(after.unused - before.unused).toBe(eleven.length);
    expect(await untilNoHeadStartFolders()).toEqual([]);
    expect(await storedOriginals()).toEqual(originalsBefore);
  });

  it('begins nothing for fields the upload refuses', async () => {
    const agent = await signedInAgent(testApp);
    await startTrial(agent.client);
    const project = await newProject(agent.client);
    const before = await headStarts();

    const refused = await uploadPhotos(agent.client, project.id, [{ name: 'a.jpg', data: await makeJpeg(64, 48) }], {
      templateId: 'no-such-template',
    });
    expect(refused.status).toBe(400);
    expect(await headStarts()).toEqual(before);
  });
});
