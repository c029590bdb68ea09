import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAgent } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/app';
import { makeJpeg } from '../helpers/images';
import { newProject, startTrial, usage } from '../helpers/projects';
import { multipartBody, openFilesInDataDir, uploadTempFiles } from '../helpers/raw-socket';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'api' });
});
afterAll(() => testApp.close());

async function send(contentType: string, body: Buffer | string) {
  const agent = await signedInAgent(testApp);
  await startTrial(agent.client);
  const project = await newProject(agent.client);
  const response = await fetch(new URL(`/api/projects/${project.id}/upload`, testApp.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${agent.token}`, 'content-type': contentType },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, client: agent.client };
}

const photoParts = async () => [
  { name: 'templateId', value: 'blue-sky' },
  { name: 'photos', fileName: 'a.jpg', value: await makeJpeg(64, 48) },
];

describe('a multipart upload the server cannot read is the client’s mistake (400), never a 500', () => {
  it.each([
    ['no boundary', 'multipart/form-data', 'MULTIPART_BOUNDARY_MISSING'],
    ['an empty boundary', 'multipart/form-data; boundary=', 'MULTIPART_BOUNDARY_MISSING'],
    ['an empty quoted boundary', 'multipart/form-data; boundary=""', 'MULTIPART_BOUNDARY_MISSING'],
    ['a boundary of 300 characters', `multipart/form-data; boundary=${'x'.repeat(300)}`, 'MULTIPART_BOUNDARY_INVALID'],
    [
      'a boundary with characters RFC 2046 forbids',
      'multipart/form-data; boundary="a{b}"',
      'MULTIPART_BOUNDARY_INVALID',
    ],
  ])('refuses a Content-Type with %s', async (_label, contentType, code) => {
    const body = multipartBody('x'.repeat(10), await photoParts());
    const response = await send(contentType, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/boundary/);
    expect(await usage(response.client)).toMatchObject({ imagesUsed: 0 });
  });

  it('refuses a body that ends in the middle of a photo', async () => {
    const whole = multipartBody('cut', await photoParts());
    const response = await send('multipart/form-data; boundary=cut', whole.subarray(0, whole.length - 400));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'MALFORMED_MULTIPART',
      message:
        'The upload is not a complete multipart/form-data body. Send the photos as a form in a field named "photos".',
    });
    expect(await usage(response.client)).toMatchObject({ imagesUsed: 0 });
    await expect.poll(() => uploadTempFiles(testApp)).toEqual([]);
    await expect.poll(() => openFilesInDataDir(testApp)).toEqual([]);
  });

  it('still takes a well-formed upload with a quoted boundary', async () => {
    const body = multipartBody('Quoted Boundary', await photoParts());
    const response = await send('multipart/form-data; boundary="Quoted Boundary"', body);
    expect(response.status).toBe(201);
  });
});
