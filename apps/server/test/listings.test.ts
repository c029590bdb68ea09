import jsQR from 'jsqr';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisclosureProfileId, ListingCheck, Photo, PhotoVersion, Project } from '@hearth/contracts';
import { decodeImageBuffer, readXmpDescription } from '@hearth/image-engine';
import { encodedImageMetadata, makeJpeg } from '@hearth/image-engine/test-support';
import { sweepExpiredProjects } from '../src/modules/retention/sweep';
import { startTestApp, storageOf, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { ApiClient } from './helpers/client';
import { fixture, imageFacts, zipEntries } from './helpers/fixtures';
import { newProject, settledPhotos, startTrial, uploadPhotos } from './helpers/projects';

/**
 * Issue 14: projects become listings, every result is classed exempt or disclosed, a listing follows a
 * disclosure profile, exports for the MLS in the profile's order, and publishes a public originals page.
 * Only the local engine's templates are used: Professional Enhancement (exempt), Blue Sky and Perfect Lawn.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ QUEUE_POLL_SECONDS: '0.5' });
});
afterAll(() => testApp.close());

type Client = ApiClient;

/** Uploads each photo in turn with its template (the listing's order is the upload order) and waits for all. */
async function listing(client: Client, photos: { name: string; data: Buffer; templateId: string }[]) {
  const project = await newProject(client);
  for (const photo of photos) {
    const upload = await uploadPhotos(client, project.id, [{ name: photo.name, data: photo.data }], {
      templateId: photo.templateId,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  }
  const settled = await settledPhotos(client, project.id);
  expect(settled.map((p) => p.status)).toEqual(photos.map(() => 'completed'));
  return { project, photos: settled };
}

const exterior = () => fixture('exterior.jpg').data;
const setProfile = (client: Client, projectId: string, disclosureProfile: DisclosureProfileId) =>
  client.patch<Project>(`/api/projects/${projectId}`, { disclosureProfile });

async function mlsZip(client: Client, projectId: string, size = 3000, query = '') {
  const response = await client.bytes(`/api/projects/${projectId}/mls-export?size=${size}${query}`);
  expect(response.status, response.data.toString('utf8').slice(0, 300)).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  return zipEntries(response.data);
}

const text = (entries: { name: string; data: Buffer }[], name: string) =>
  entries.find((e) => e.name === name)!.data.toString('utf8');
const image = (entries: { name: string; data: Buffer }[], name: string) => entries.find((e) => e.name === name)!.data;

/** Mean absolute difference of two same-sized pictures inside a rectangle given in shares of the size. */
async function regionDifference(a: Buffer, b: Buffer, box: { x: number; y: number; w: number; h: number }) {
  const [one, two] = [await decodeImageBuffer(a), await decodeImageBuffer(b)];
  expect([one.width, one.height]).toEqual([two.width, two.height]);
  const [x0, y0] = [Math.floor(box.x * one.width), Math.floor(box.y * one.height)];
  const [x1, y1] = [Math.floor((box.x + box.w) * one.width), Math.floor((box.y + box.h) * one.height)];
  let sum = 0;
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * one.width + x) * 3 + c;
        sum += Math.abs(one.data[i]! - two.data[i]!);
        count++;
      }
    }
  }
  return sum / count;
}
const BOTTOM_LEFT_LABEL = { x: 0.03, y: 0.93, w: 0.2, h: 0.03 };
/** Where a label reaches only when it carries the originals page's address after its words. */
const LABEL_URL = { x: 0.3, y: 0.93, w: 0.3, h: 0.03 };
const TOP_RIGHT = { x: 0.6, y: 0.05, w: 0.35, h: 0.3 };

/** Every photo an MLS would take: an sRGB JPEG with its profile, under 10 MB, within the size preset. */
async function expectMlsJpeg(data: Buffer, longEdge: number) {
  const facts = await encodedImageMetadata(data);
  expect(facts.format).toBe('jpeg');
  expect(Math.max(facts.width!, facts.height!)).toBeLessThanOrEqual(longEdge);
  expect(data.length).toBeLessThan(10 * 1024 * 1024);
  expect(facts.hasXmp).toBe(true);
}

describe('projects become listings', () => {
  it('renames, sets and clears the address and MLS number, picks a profile, and searches by name or address', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const first = await newProject(client);
    const second = await newProject(client);
    expect(first).toMatchObject({ address: null, mlsNumber: null, disclosureProfile: 'generic', publicUrl: null });

    const renamed = await client.patch<Project>(`/api/projects/${first.id}`, {
      name: '  Maple Street  ',
      address: '12 Maple Street, Springfield',
      mlsNumber: 'ML81234567',
      disclosureProfile: 'crmls',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Maple Street',
      address: '12 Maple Street, Springfield',
      mlsNumber: 'ML81234567',
      disclosureProfile: 'crmls',
    });
    await client.patch(`/api/projects/${second.id}`, { name: 'Oak listing', address: '4 Oak Avenue, Shelbyville' });

    const search = async (q: string) =>
      (await client.get<Project[]>(`/api/projects?q=${encodeURIComponent(q)}`)).body.map((p) => p.id);
    expect(await search('maple')).toEqual([first.id]);
    expect(await search('shelbyville')).toEqual([second.id]);
    expect(await search('oak 4')).toEqual([second.id]);
    expect(await search('street')).toEqual([first.id]);
    expect(await search('100%')).toEqual([]);
    expect((await search('')).sort()).toEqual([first.id, second.id].sort());

    // An empty address clears it; what is left out stays.
    const cleared = await client.patch<Project>(`/api/projects/${first.id}`, { address: '' });
    expect(cleared.body).toMatchObject({ address: null, mlsNumber: 'ML81234567', name: 'Maple Street' });
  });

  it('refuses bad input with a sentence, and another agent gets 404 on every listing route', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const bad: [unknown, string][] = [
      [{ name: '   ' }, 'Please enter a project name.'],
      [{ disclosureProfile: 'mars-mls' }, 'Choose a disclosure profile: generic, california-ab723, crmls'],
      [{ mlsNumber: 'x'.repeat(41) }, 'An MLS number can be at most 40 characters.'],
      [{ owner: 'me' }, ''],
    ];
    for (const [body, message] of bad) {
      const response = await client.patch<{ message: string }>(`/api/projects/${project.id}`, body);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain(message);
    }

    const other = (await signedInAgent(testApp)).client;
    const routes: [string, string, unknown?][] = [
      ['PATCH', `/api/projects/${project.id}`, { name: 'Mine now' }],
      ['POST', `/api/projects/${project.id}/publish`, {}],
      ['DELETE', `/api/projects/${project.id}/publish`],
      ['GET', `/api/projects/${project.id}/mls-check`],
      ['GET', `/api/projects/${project.id}/mls-export`],
      ['GET', `/api/projects/${project.id}/qr.png`],
      ['GET', `/api/projects/${project.id}/qr.svg`],
    ];
    for (const [method, path, body] of routes) {
      expect((await other.request(method, path, body === undefined ? {} : { body })).status, `${method} ${path}`).toBe(
        404,
      );
    }
    expect((await other.get<Project[]>('/api/projects?q=')).body).toEqual([]);
    expect((await client.get<Project[]>('/api/projects')).body[0]!.name).not.toBe('Mine now');
  });
});

describe('edit classification', () => {
  it('classes Professional Enhancement exempt and Blue Sky or Perfect Lawn disclosed, on versions and photos', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const { photos } = await listing(client, [
      { name: 'front.jpg', data: exterior(), templateId: 'professional-enhancement' },
      { name: 'sky.jpg', data: exterior(), templateId: 'blue-sky' },
      { name: 'lawn.jpg', data: exterior(), templateId: 'perfect-lawn' },
    ]);
    expect(photos.map((p: Photo) => p.edit)).toEqual([
      { classification: 'exempt', alterations: [] },
      { classification: 'disclosed', alterations: ['sky'] },
      { classification: 'disclosed', alterations: ['landscaping'] },
    ]);
    const versions = (await client.get<PhotoVersion[]>(`/api/photos/${photos[1]!.id}/versions`)).body;
    expect(versions[0]!.edit).toEqual({ classification: 'disclosed', alterations: ['sky'] });
    const templates = (await client.get<{ id: string; alterations: string[] }[]>('/api/templates')).body;
    expect(templates.find((t) => t.id === 'living-room')!.alterations).toEqual(['staging']);
  });
});

describe('MLS export', () => {
  let client: Client;
  let project: Project;
  let photos: Photo[];
  beforeAll(async () => {
    ({ client } = await signedInAgent(testApp));
    await startTrial(client);
    // The first photo larger than the 2048 preset, to see it scaled.
    ({ project, photos } = await listing(client, [
      { name: 'Front Door.jpg', data: await makeJpeg(2600, 1734), templateId: 'professional-enhancement' },
      { name: 'sky.jpg', data: exterior(), templateId: 'blue-sky' },
    ]));
  });

  it('Generic: each disclosed photo followed by its original, no label, captions.csv and remarks.txt', async () => {
    await setProfile(client, project.id, 'generic');
    const entries = await mlsZip(client, project.id, 2048);
    expect(entries.map((e) => e.name)).toEqual([
      '01-front-door.jpg',
      '02-sky.jpg',
      '03-sky-original.jpg',
      'captions.csv',
      'remarks.txt',
    ]);
    expect(text(entries, 'captions.csv')).toBe(
      'file,caption,classification,original file\r\n' +
        '01-front-door.jpg,,exempt,\r\n' +
        '02-sky.jpg,Digitally altered,disclosed,03-sky-original.jpg\r\n' +
        '03-sky-original.jpg,Original photo (unaltered),original,\r\n',
    );
    expect(text(entries, 'remarks.txt')).toBe('One or more photos have been virtually staged or digitally altered.\n');
    for (const entry of entries.filter((e) => e.name.endsWith('.jpg'))) await expectMlsJpeg(entry.data, 2048);
    expect((await encodedImageMetadata(image(entries, '01-front-door.jpg'))).width).toBe(2048);
    expect(await readXmpDescription(image(entries, '02-sky.jpg'))).toBe('Digitally altered: sky replaced.');
    expect(await readXmpDescription(image(entries, '03-sky-original.jpg'))).toBe('Unaltered original photo.');
    expect(await readXmpDescription(image(entries, '01-front-door.jpg'))).toMatch(/not digitally altered/);
    // The original is the upload as it was, not the result.
    const original = await client.bytes(photos[1]!.originalUrl);
    expect(await regionDifference(image(entries, '03-sky-original.jpg'), original.data, TOP_RIGHT)).toBeLessThan(4);
    expect(
      await regionDifference(image(entries, '02-sky.jpg'), image(entries, '03-sky-original.jpg'), TOP_RIGHT),
    ).toBeGreaterThan(4);

    // 3000 px: the large photo keeps its own 2600 px (never enlarged).
    const large = await mlsZip(client, project.id, 3000);
    expect((await encodedImageMetadata(image(large, '01-front-door.jpg'))).width).toBe(2600);
    expect((await client.get(`/api/projects/${project.id}/mls-export?size=1024`)).status).toBe(400);
  });

  it('RealTracs: the original right before, no overlay; SmartMLS: the label burned in, found by its pixels', async () => {
    await setProfile(client, project.id, 'realtracs');
    const realtracs = await mlsZip(client, project.id);
    expect(realtracs.map((e) => e.name)).toEqual([
      '01-front-door.jpg',
      '02-sky-original.jpg',
      '03-sky.jpg',
      'captions.csv',
      'remarks.txt',
    ]);
    expect(text(realtracs, 'captions.csv')).toContain('03-sky.jpg,Virtually staged,disclosed,02-sky-original.jpg');

    await setProfile(client, project.id, 'smartmls');
    const smart = await mlsZip(client, project.id);
    expect(smart.map((e) => e.name)).toEqual(['01-front-door.jpg', '02-sky.jpg', 'captions.csv', 'remarks.txt']);
    const labelled = image(smart, '02-sky.jpg');
    const plain = image(realtracs, '03-sky.jpg');
    expect(await regionDifference(labelled, plain, BOTTOM_LEFT_LABEL)).toBeGreaterThan(30);
    expect(await regionDifference(labelled, plain, TOP_RIGHT)).toBeLessThan(3);
    // The exempt photo carries no label under any profile.
    expect(
      await regionDifference(
        image(smart, '01-front-door.jpg'),
        image(realtracs, '01-front-door.jpg'),
        BOTTOM_LEFT_LABEL,
      ),
    ).toBeLessThan(3);
    expect(await readXmpDescription(labelled)).toBe('Virtually Staged: sky replaced.');
  });

  it('Stellar: remarks begin with its sentence; MLS Now: refused when the first photo is altered', async () => {
    await setProfile(client, project.id, 'stellar');
    const stellar = await mlsZip(client, project.id);
    expect(text(stellar, 'remarks.txt')).toMatch(/^One or more photo\(s\) was virtually staged\./);
    expect(stellar.map((e) => e.name)).toEqual(['01-front-door.jpg', '02-sky.jpg', 'captions.csv', 'remarks.txt']);

    await setProfile(client, project.id, 'mls-now');
    expect((await mlsZip(client, project.id)).map((e) => e.name)).toEqual([
      '01-front-door.jpg',
      '02-sky.jpg',
      'captions.csv',
      'remarks.txt',
    ]);
    const skyFirst = await listing(client, [{ name: 'sky-first.jpg', data: exterior(), templateId: 'blue-sky' }]);
    await setProfile(client, skyFirst.project.id, 'mls-now');
    const refused = await client.get<{ message: string; violations: ListingCheck['violations'] }>(
      `/api/projects/${skyFirst.project.id}/mls-export`,
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      'sky-first.jpg: MLS Now 3.2: the primary (first) photo must be an unaltered',
    );
  });

  it('California: refused until the originals page is published, then labelled with its address', async () => {
    await setProfile(client, project.id, 'california-ab723');
    const refused = await client.get<{ message: string }>(`/api/projects/${project.id}/mls-export`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Publish the originals page first');
    const published = (await client.post<Project>(`/api/projects/${project.id}/publish`)).body;
    const url = `${testApp.config.appUrl}${published.publicUrl}`;
    const entries = await mlsZip(client, project.id);
    expect(entries.map((e) => e.name)).toEqual(['01-front-door.jpg', '02-sky.jpg', 'captions.csv', 'remarks.txt']);
    expect(await readXmpDescription(image(entries, '02-sky.jpg'))).toBe(
      `Digitally altered: sky replaced. Unaltered original: ${url}`,
    );
    expect(text(entries, 'remarks.txt')).toContain(`Unaltered originals: ${url}`);
    await setProfile(client, project.id, 'generic');
    const plain = await mlsZip(client, project.id);
    expect(
      await regionDifference(image(entries, '02-sky.jpg'), image(plain, '02-sky.jpg'), BOTTOM_LEFT_LABEL),
    ).toBeGreaterThan(30);

    // Generic allows a label by choice, and it carries the page's address while the listing is published.
    const chosen = await mlsZip(client, project.id, 3000, '&label=true');
    const sky = image(chosen, '02-sky.jpg');
    expect(await regionDifference(sky, image(plain, '02-sky.jpg'), BOTTOM_LEFT_LABEL)).toBeGreaterThan(30);
    expect(await regionDifference(sky, image(plain, '02-sky.jpg'), LABEL_URL)).toBeGreaterThan(10);
    expect(
      await regionDifference(image(chosen, '01-front-door.jpg'), image(plain, '01-front-door.jpg'), BOTTOM_LEFT_LABEL),
    ).toBeLessThan(3);
    await client.request('DELETE', `/api/projects/${project.id}/publish`);
    const unpublished = image(await mlsZip(client, project.id, 3000, '&label=true'), '02-sky.jpg');
    expect(await regionDifference(unpublished, image(plain, '02-sky.jpg'), BOTTOM_LEFT_LABEL)).toBeGreaterThan(30);
    expect(await regionDifference(unpublished, image(plain, '02-sky.jpg'), LABEL_URL)).toBeLessThan(3);

    // Where labels are prohibited, asking for one is refused with the reason.
    await setProfile(client, project.id, 'realtracs');
    const refusedLabel = await client.get<{ message: string }>(`/api/projects/${project.id}/mls-export?label=true`);
    expect(refusedLabel.status).toBe(400);
    expect(refusedLabel.body.message).toBe(
      'RealTracs does not allow text on listing photos: download without a label.',
    );
    expect((await client.get(`/api/projects/${project.id}/mls-export?label=maybe`)).status).toBe(400);
  });

  it('CRMLS: a listing with a Perfect Lawn result is refused, naming the photo and the rule', async () => {
    const lawn = await listing(client, [
      { name: 'front.jpg', data: exterior(), templateId: 'professional-enhancement' },
      { name: 'lawn.jpg', data: exterior(), templateId: 'perfect-lawn' },
    ]);
    await setProfile(client, lawn.project.id, 'crmls');
    const check = await client.get<ListingCheck>(`/api/projects/${lawn.project.id}/mls-check`);
    expect(check.body).toEqual({
      profile: 'crmls',
      ok: false,
      violations: [
        { photoId: lawn.photos[1]!.id, fileName: 'lawn.jpg', rule: 'CRMLS 11.5.2: landscaping must not be altered.' },
      ],
    });
    const refused = await client.get<{ message: string; code: string }>(`/api/projects/${lawn.project.id}/mls-export`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'MLS_RULE_BROKEN',
      message: 'This listing breaks a CRMLS rule. lawn.jpg: CRMLS 11.5.2: landscaping must not be altered.',
    });
    await setProfile(client, lawn.project.id, 'bright');
    expect((await client.get<ListingCheck>(`/api/projects/${lawn.project.id}/mls-check`)).body.ok).toBe(true);
  });
});

describe('the public originals page', () => {
  it('answers without a session, shows only its listing, has a QR code to itself, and 404s once revoked', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const { project, photos } = await listing(client, [
      { name: 'front.jpg', data: exterior(), templateId: 'professional-enhancement' },
      { name: 'sky.jpg', data: exterior(), templateId: 'blue-sky' },
    ]);
    const otherListing = await listing(client, [{ name: 'elsewhere.jpg', data: exterior(), templateId: 'blue-sky' }]);
    await client.patch(`/api/projects/${project.id}`, { address: '7 Elm Road', mlsNumber: 'SR123' });
    expect((await client.get(`/api/projects/${project.id}/qr.png`)).status).toBe(409);

    const published = await client.post<Project>(`/api/projects/${project.id}/publish`);
    expect(published.status).toBe(200);
    const path = published.body.publicUrl!;
    expect(path).toMatch(/^\/listing\/[\w-]{24}$/);
    expect((await client.post<Project>(`/api/projects/${project.id}/publish`)).body.publicUrl).toBe(path);

    const visitor = new ApiClient(testApp.baseUrl);
    const page = await visitor.bytes(path);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = page.data.toString('utf8');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('7 Elm Road');
    expect(html).toContain('MLS #SR123');
    expect(html).toContain('Digitally altered: this photo was digitally altered (sky replaced).');
    // Each picture links its full-size file and offers smaller copies in AVIF, WebP and JPEG (srcset).
    expect(html).toContain(`href="${path}/photos/${photos[1]!.id}/original.jpg"`);
    expect(html).toContain(`href="${path}/photos/${photos[1]!.id}/result.jpg"`);
    expect(html).toContain(`href="${path}/photos/${photos[0]!.id}/result.jpg"`);
    expect(html).not.toContain(`${photos[0]!.id}/original`);
    expect(html).not.toContain('elsewhere');
    expect(html).not.toMatch(/@example\.com/);
    const offered = [...html.matchAll(/(?:src|srcset|href)="([^"]+)"/g)].flatMap((m) =>
      m[1]!.split(', ').map((candidate) => candidate.split(' ')[0]!),
    );
    const files = [...new Set(offered)].filter((url) => url.startsWith(path));
    // 3 full-size files, and 3 widths × 3 formats of each.
    expect(files).toHaveLength(3 * 10);
    const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' } as const;
    for (const url of files) {
      const file = await visitor.bytes(url);
      expect(file.status, url).toBe(200);
      const format = url.split('.').at(-1) as keyof typeof types;
      expect(file.headers.get('content-type'), url).toBe(types[format]);
      const width = Number(/-(\d+)\.\w+$/.exec(url)?.[1] ?? 0);
      const facts = await imageFacts(file.data);
      expect(facts.format, url).toBe(format === 'jpg' ? 'jpeg' : format === 'avif' ? 'heif' : 'webp');
      // A copy is as wide as asked, never wider than the photo; the full-size file is the photo's own size.
      if (width) expect(facts.width, url).toBe(Math.min(width, photos[1]!.width!));
      else expect(facts.width, url).toBe(photos[1]!.width);
    }
    const original = await visitor.bytes(`${path}/photos/${photos[1]!.id}/original.jpg`);
    expect(original.data.equals((await client.bytes(photos[1]!.originalUrl)).data)).toBe(true);
    // Only the offered widths and formats exist, and full size only as the stored JPEG.
    for (const name of ['result-500.webp', 'result.avif', 'result-960.png', 'thumbnail.jpg']) {
      expect((await visitor.bytes(`${path}/photos/${photos[1]!.id}/${name}`)).status, name).toBe(404);
    }
    // Another listing's photo is not reachable through this page.
    expect((await visitor.bytes(`${path}/photos/${otherListing.photos[0]!.id}/result.jpg`)).status).toBe(404);
    expect((await visitor.bytes('/listing/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);

    // The QR code reads back to the page's absolute address.
    const png = await client.bytes(`/api/projects/${project.id}/qr.png`);
    expect(png.headers.get('content-type')).toBe('image/png');
    const { data, width, height } = await decodeImageBuffer(png.data);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([data[i * 3]!, data[i * 3 + 1]!, data[i * 3 + 2]!, 255], i * 4);
    }
    expect(jsQR(rgba, width, height)?.data).toBe(`${testApp.config.appUrl}${path}`);
    const svg = await client.bytes(`/api/projects/${project.id}/qr.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.data.toString('utf8')).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // Revoked: the page and its images are gone; publishing again makes a new address.
    const unpublished = await client.request<Project>('DELETE', `/api/projects/${project.id}/publish`);
    expect(unpublished.body.publicUrl).toBeNull();
    expect((await visitor.bytes(path)).status).toBe(404);
    expect((await visitor.bytes(`${path}/photos/${photos[1]!.id}/original.jpg`)).status).toBe(404);
    expect((await visitor.bytes(`${path}/photos/${photos[1]!.id}/result-960.avif`)).status).toBe(404);
    const again = (await client.post<Project>(`/api/projects/${project.id}/publish`)).body.publicUrl;
    expect(again).not.toBe(path);
  });

  it('keeps a published listing past its retention date; once unpublished the sweep deletes it', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const { project } = await listing(client, [{ name: 'sky.jpg', data: exterior(), templateId: 'blue-sky' }]);
    const path = (await client.post<Project>(`/api/projects/${project.id}/publish`)).body.publicUrl!;
    await testApp.database.query(`update project set expires_at = now() - interval '1 minute' where id = $1`, [
      project.id,
    ]);
    const deps = { db: testApp.database.db, storage: storageOf(testApp), log: pino({ level: 'silent' }) };
    await sweepExpiredProjects(deps);
    const visitor = new ApiClient(testApp.baseUrl);
    expect((await visitor.bytes(path)).status).toBe(200);
    expect((await client.get(`/api/projects/${project.id}/photos`)).status).toBe(200);

    await client.request('DELETE', `/api/projects/${project.id}/publish`);
    await sweepExpiredProjects(deps);
    expect((await client.get(`/api/projects/${project.id}/photos`)).status).toBe(404);
    expect((await visitor.bytes(path)).status).toBe(404);
  });
});
