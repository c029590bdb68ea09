import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, REJECTED_FILES_MESSAGE, type Photo, type Project } from '@hearth/contracts';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import {
  HTML_AS_JPG,
  jpegOfSize,
  makeJpeg,
  makePng,
  mp4AsHeic,
  pixelBombPng,
  SCRIPT_AS_JPG,
  SVG_AS_JPG,
} from './helpers/images';
import { newProject, startTrial, usage } from './helpers/projects';

let testApp: TestApp;
// Workers off: these tests look at what the upload itself stores.
beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'api' });
});
afterAll(() => testApp.close());

async function trialUserWithProject() {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  return { ...agent, project, uploadPath: `/api/projects/${project.id}/upload` };
}

async function storedFiles(): Promise<string[]> {
  const root = path.join(testApp.config.dataDir, 'files');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function photoRows(projectId: string) {
  const { rows } = await testApp.database.query('select count(*)::int as n from photo where project_id = $1', [
    projectId,
  ]);
  return rows[0]!.n as number;
}

describe('POST /api/projects/:id/upload', () => {
  it('accepts photos with a template, keeps the names as data, and reserves the quota', async () => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const response = await client.upload<{ project: Project; photos: Photo[] }>(
      uploadPath,
      [
        { name: '../../etc/Living Room.jpg', data: await makeJpeg() },
        { name: 'kitchen.png', data: await makePng() },
      ],
      { templateId: 'professional-enhancement' },
    );
    expect(response.status).toBe(201);
    expect(response.body.photos.map((p) => p.fileName)).toEqual(['Living Room.jpg', 'kitchen.png']);
    expect(
      response.body.photos.every((p) => p.status === 'waiting' && p.templateName === 'Professional Enhancement'),
    ).toBe(true);
    expect(response.body.project).toMatchObject({ id: project.id, status: 'processing', totalPhotos: 2 });
    expect(await usage(client)).toMatchObject({ imagesUsed: 2, imagesRemaining: 8 });
    const files = await storedFiles();
    expect(files.some((f) => f.includes('Living') || f.includes('kitchen'))).toBe(false);
  });

  it('identifies a template from the joined prompt alone (SPEC §7)', async () => {
    const { client, uploadPath } = await trialUserWithProject();
    const templates = (await client.get<{ name: string; prompt: string }[]>('/api/templates')).body;
    const blueSky = templates.find((t) => t.name === 'Blue Sky')!;
    const response = await client.upload<{ photos: Photo[] }>(uploadPath, [{ name: 'a.jpg', data: await makeJpeg() }], {
      prompt: blueSky.prompt,
    });
    expect(response.status).toBe(201);
    expect(response.body.photos[0]).toMatchObject({ templateName: 'Blue Sky', prompt: blueSky.prompt });
  });

  it.each([
    ['an SVG renamed .jpg', 'house.jpg', SVG_AS_JPG],
    ['HTML renamed .jpg', 'house.jpg', HTML_AS_JPG],
    ['a script renamed .jpg', 'house.jpg', SCRIPT_AS_JPG],
    ['a video renamed .heic', 'IMG_0001.heic', mp4AsHeic()],
  ])('refuses %s with 415, leaving nothing behind', async (_label, name, data) => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const filesBefore = (await storedFiles()).length;
    const response = await client.upload(uploadPath, [{ name, data }], { templateId: 'blue-sky' });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      message: REJECTED_FILES_MESSAGE,
      file: name,
      refused: [{ fileName: name, code: 'UNSUPPORTED_TYPE' }],
    });
    expect(await photoRows(project.id)).toBe(0);
    expect((await storedFiles()).length).toBe(filesBefore);
    expect((await usage(client)).imagesUsed).toBe(0);
  });

  it('takes the good photos of a batch and names each refused file with its reason', async () => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const response = await client.upload<{ photos: Photo[]; refused: unknown[] }>(
      uploadPath,
      [
        { name: 'kitchen.jpg', data: await makeJpeg() },
        { name: 'notes.jpg', data: Buffer.from('Viewing on Saturday at 10am.\n') },
        { name: 'huge.jpg', data: await jpegOfSize(MAX_UPLOAD_BYTES + 1) },
        { name: 'bomb.png', data: pixelBombPng() },
        { name: 'garden.png', data: await makePng() },
      ],
      { templateId: 'blue-sky' },
    );
    expect(response.status).toBe(201);
    expect(response.body.photos.map((p) => p.fileName)).toEqual(['kitchen.jpg', 'garden.png']);
    expect(response.body.refused).toEqual([
      {
        fileName: 'notes.jpg',
        code: 'UNSUPPORTED_TYPE',
        message: '"notes.jpg" is not a JPG, PNG, HEIC, WEBP, GIF, BMP or TIFF image.',
      },
      { fileName: 'huge.jpg', code: 'FILE_TOO_LARGE', message: '"huge.jpg" is larger than 25 MB.' },
      {
        fileName: 'bomb.png',
        code: 'TOO_MANY_PIXELS',
        message: '"bomb.png" is 50000×50000 pixels; photos can have at most 100 megapixels.',
      },
    ]);
    expect(await photoRows(project.id)).toBe(2);
    expect(await usage(client)).toMatchObject({ imagesUsed: 2 });
    expect(await readdir(path.join(testApp.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('takes a file of exactly 25 MB and refuses one byte more with 413', async () => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const exact = await client.upload(uploadPath, [{ name: 'big.jpg', data: await jpegOfSize(MAX_UPLOAD_BYTES) }], {
      templateId: 'blue-sky',
    });
    expect(exact.status).toBe(201);
    const over = await client.upload(
      uploadPath,
      [{ name: 'bigger.jpg', data: await jpegOfSize(MAX_UPLOAD_BYTES + 1) }],
      {
        templateId: 'blue-sky',
      },
    );
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ message: REJECTED_FILES_MESSAGE, code: 'FILE_TOO_LARGE', file: 'bigger.jpg' });
    expect(await photoRows(project.id)).toBe(1);
  });

  it('refuses more than 30 files in one batch', async () => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const jpeg = await makeJpeg(64, 48);
    const files = Array.from({ length: 31 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg }));
    const response = await client.upload(uploadPath, files, { templateId: 'blue-sky' });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('You can upload at most 30 photos at a time.');
    expect(await photoRows(project.id)).toBe(0);
  });

  it('refuses a pixel bomb quickly', async () => {
    const { client, uploadPath } = await trialUserWithProject();
    const started = Date.now();
    const response = await client.upload(uploadPath, [{ name: 'bomb.png', data: pixelBombPng() }], {
      templateId: 'blue-sky',
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('TOO_MANY_PIXELS');
    expect(response.body.message).toMatch(/50000×50000/);
    // Not a timing assertion on the machine: a decode of 2.5 gigapixels would take minutes and gigabytes.
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses more photos than the trial has left, naming how many', async () => {
    const { client, project, uploadPath } = await trialUserWithProject();
    const jpeg = await makeJpeg(64, 48);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.jpg`, data: jpeg }));
    const refused = await client.upload(uploadPath, eleven, { templateId: 'blue-sky' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'UPLOAD_LIMIT_EXCEEDED',
      message: 'You have 10 image(s) left in your trial. Please upload 10 or upgrade your plan to upload more.',
    });
    expect(await photoRows(project.id)).toBe(0);
    expect((await client.upload(uploadPath, eleven.slice(0, 7), { templateId: 'blue-sky' })).status).toBe(201);
    const four = await client.upload(uploadPath, eleven.slice(0, 4), { templateId: 'blue-sky' });
    expect(four.body.message).toBe(
      'You have 3 image(s) left in your trial. Please upload 3 or upgrade your plan to upload more.',
    );
  });

  it('needs a template or instructions, and refuses what this server cannot do', async () => {
    const { client, uploadPath } = await trialUserWithProject();
    const file = [{ name: 'a.jpg', data: await makeJpeg() }];
    const nothing = await client.upload(uploadPath, file, {});
    expect(nothing).toMatchObject({
      status: 400,
      body: { message: 'Choose a template or write custom instructions.' },
    });
    const unknown = await client.upload(uploadPath, file, { templateId: 'no-such-template' });
    expect(unknown.status).toBe(400);
    const staging = await client.upload(uploadPath, file, { templateId: 'bedroom' });
    expect(staging.status).toBe(422);
    expect(staging.body.message).toMatch(/^Bedroom is not available\. Virtual staging needs an AI image provider/);
    const custom = await client.upload(uploadPath, file, { prompt: 'Add a sofa' });
    expect(custom.status).toBe(422);
    expect(custom.body.code).toBe('CUSTOM_PROMPT_UNAVAILABLE');
    expect(await photoRows((await client.get<Project[]>('/api/projects')).body[0]!.id)).toBe(0);
    const none = await client.upload(uploadPath, [], { templateId: 'blue-sky' });
    expect(none.body.message).toBe('Choose at least one photo to upload.');
  });

  it("cannot upload into another user's project", async () => {
    const { uploadPath, project } = await trialUserWithProject();
    const intruder = await signedInAgent(testApp);
    await startTrial(intruder.client);
    const response = await intruder.client.upload(uploadPath, [{ name: 'a.jpg', data: await makeJpeg() }], {
      templateId: 'blue-sky',
    });
    expect(response.status).toBe(404);
    expect(await photoRows(project.id)).toBe(0);
  });

  it('never lets concurrent uploads overshoot the quota: 20 requests for the last image, one succeeds', async () => {
    const { client, email, project, uploadPath } = await trialUserWithProject();
    await testApp.database.query(
      `update usage_period set images_used = 9 where user_id = (select id from "user" where email = $1)`,
      [email],
    );
    const jpeg = await makeJpeg(64, 48);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.upload(uploadPath, [{ name: `race-${i}.jpg`, data: jpeg }], { templateId: 'blue-sky' }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(19);
    expect(await usage(client)).toMatchObject({ imagesUsed: 10, imagesRemaining: 0 });
    expect(await photoRows(project.id)).toBe(1);
    expect((await storedFiles()).filter((f) => f.includes(`/photos/`)).length).toBeGreaterThan(0);
  });
});
