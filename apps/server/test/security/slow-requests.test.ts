import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../helpers/accounts';
import { APP_ORIGIN, startTestApp, type TestApp } from '../helpers/app';
import { makeJpeg } from '../helpers/images';
import { newProject, startTrial, usage } from '../helpers/projects';
import {
  multipartBody,
  openFilesInDataDir,
  openRaw,
  parseResponse,
  uploadHead,
  uploadTempFiles,
} from '../helpers/raw-socket';

// Short limits so the attacks end quickly here; the defaults are 10 s and 60 s.
const REQUEST_TIMEOUT_SECONDS = 1;
const UPLOAD_IDLE_TIMEOUT_SECONDS = 2;

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({
    ROLE: 'api',
    REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
    UPLOAD_IDLE_TIMEOUT_SECONDS: String(UPLOAD_IDLE_TIMEOUT_SECONDS),
  });
});
afterAll(() => testApp.close());

const host = () => new URL(testApp.baseUrl).host;

/** Headers of a JSON POST announcing a body far longer than the client will ever send in time. */
function jsonHead(path: string, length: number, extra = '') {
  return (
    `POST ${path} HTTP/1.1\r\nHost: ${host()}\r\nOrigin: ${APP_ORIGIN}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${length}\r\n${extra}\r\n`
  );
}

async function trialUpload() {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  return { ...agent, project };
}

async function photoCount(projectId: string) {
  const { rows } = await testApp.database.query('select count(*)::int as n from photo where project_id = $1', [
    projectId,
  ]);
  return rows[0]!.n as number;
}

describe('slow request bodies (slow-loris)', () => {
  it.each([
    ['/api/auth/sign-in/email', ''],
    ['/api/webhooks/paddle', 'Paddle-Signature: ts=1;h1=00\r\n'],
  ])('10 connections dripping a JSON body to %s are answered 408 and closed', async (path, extra) => {
    // 1 byte every 200 ms of a 1000-byte body would hold each connection for 200 s.
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(1000) }).slice(0, 1000);
    const exchanges = await Promise.all(
      Array.from({ length: 10 }, () => openRaw(testApp, jsonHead(path, body.length, extra))),
    );
    for (const exchange of exchanges) exchange.drip(body, 200);
    const answers = (await Promise.all(exchanges.map((e) => e.closed))).map(parseResponse);
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body).toMatchObject({
        code: 'REQUEST_TIMEOUT',
        message: 'The request took longer than 1 seconds to arrive. Check your connection and try again.',
      });
    }
    expect(exchanges.every((e) => e.socket.destroyed)).toBe(true);
  });

  it('cuts a connection that drips its headers', async () => {
    const exchange = await openRaw(testApp, `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${host()}\r\n`);
    exchange.drip('X-Padding: ' + 'a'.repeat(1000), 200);
    expect(parseResponse(await exchange.closed).status).toBe(408);
  });

  it('closes a connection that keeps dripping a body after it was refused', async () => {
    // Refused before its body is read (not signed in): the answer must not wait for the rest of it.
    const head = uploadHead(testApp, '00000000-0000-4000-8000-000000000000', 'no-such-token', 'b', 1000);
    const exchange = await openRaw(testApp, head);
    exchange.drip('--b\r\n' + 'a'.repeat(990), 200);
    const answer = parseResponse(await exchange.closed);
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
  });

  it('takes a steady upload that lasts far longer than the request timeout (no total time limit)', async () => {
    const { token, project, client } = await trialUpload();
    const boundary = 'hearth-steady';
    const body = multipartBody(boundary, [
      { name: 'templateId', value: 'blue-sky' },
      { name: 'photos', fileName: 'slow.jpg', value: await makeJpeg(64, 48, 60) },
    ]);
    const exchange = await openRaw(testApp, uploadHead(testApp, project.id, token, boundary, body.length));
    // Sent in 40 slices 150 ms apart: about 6 s in all, six times the request timeout, never idle for 2 s.
    const slice = Math.ceil(body.length / 40);
    let at = 0;
    const timer = setInterval(() => {
      if (at >= body.length) return clearInterval(timer);
      exchange.socket.write(body.subarray(at, at + slice));
      at += slice;
    }, 150);
    await new Promise<void>((resolve) => exchange.socket.on('data', () => resolve()));
    exchange.socket.end();
    const answer = parseResponse(await exchange.closed);
    expect(answer.status).toBe(201);
    expect((answer.body?.photos as unknown[]).length).toBe(1);
    expect(await usage(client)).toMatchObject({ imagesUsed: 1 });
  });
});

describe('uploads whose body never ends', () => {
  it('ends 10 stalled uploads with 408, deletes their temp files, releases their files and counts nothing', async () => {
    const { token, project, client } = await trialUpload();
    const jpeg = await makeJpeg(320, 240);
    const boundary = 'hearth-stalled';
    const whole = multipartBody(boundary, [
      { name: 'templateId', value: 'blue-sky' },
      { name: 'photos', fileName: 'one.jpg', value: jpeg },
      { name: 'photos', fileName: 'two.jpg', value: jpeg },
    ]);
    // The first photo whole and half of the second: then the client sends nothing more, and never closes.
    const sent = whole.subarray(0, whole.length - Math.floor(jpeg.length / 2));
    const exchanges = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const exchange = await openRaw(testApp, uploadHead(testApp, project.id, token, boundary, whole.length));
        exchange.socket.write(sent);
        return exchange;
      }),
    );
    await expect.poll(() => uploadTempFiles(testApp)).not.toHaveLength(0);
    const answers = (await Promise.all(exchanges.map((e) => e.closed))).map(parseResponse);
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({
        code: 'UPLOAD_STALLED',
        message:
          'The upload stopped: nothing arrived for 2 seconds. Check your connection and upload the photos again.',
      });
    }
    await expect.poll(() => uploadTempFiles(testApp)).toEqual([]);
    await expect.poll(() => openFilesInDataDir(testApp)).toEqual([]);
    expect(await photoCount(project.id)).toBe(0);
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });

  it('forgets an upload whose client goes away after a whole photo, counting nothing', async () => {
    const { token, project, client } = await trialUpload();
    const boundary = 'hearth-gone';
    const first = multipartBody(
      boundary,
      [
        { name: 'templateId', value: 'blue-sky' },
        { name: 'photos', fileName: 'one.jpg', value: await makeJpeg(320, 240) },
      ],
      false,
    );
    // One whole photo, then the start of the next part: the parser has a complete file when the client leaves.
    const sent = Buffer.concat([first, Buffer.from(`--${boundary}\r\nContent-Disposition: form-da`)]);
    const exchange = await openRaw(testApp, uploadHead(testApp, project.id, token, boundary, sent.length + 5000));
    exchange.socket.write(sent);
    await expect.poll(() => uploadTempFiles(testApp)).not.toHaveLength(0);
    exchange.socket.destroy();
    await expect.poll(() => uploadTempFiles(testApp)).toEqual([]);
    await expect.poll(() => openFilesInDataDir(testApp)).toEqual([]);
    expect(await photoCount(project.id)).toBe(0);
    expect(await usage(client)).toMatchObject({ imagesUsed: 0 });
  });
});
