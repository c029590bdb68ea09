import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_TEMPLATE_ORDER, usageStatsSchema, type Photo, type Project, type Template } from '@hearth/contracts';
import { SYSTEM_RULES } from '../src/modules/templates/prompt';
import { NO_PROVIDER_REASON } from '../src/modules/templates/service';
import { finalPromptForVersion } from '../src/modules/templates/request';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { signedInAgent } from './helpers/accounts';
import { makeJpeg } from './helpers/images';
import { newProject, startTrial, usage } from './helpers/projects';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(() => testApp.close());

describe('the free trial', () => {
  it('starts once, for 24 hours and 10 images, on either path', async () => {
    const { client } = await signedInAgent(testApp);
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'none',
      canStartTrial: true,
      canUpload: false,
      imagesUsed: 0,
      restriction: 'Start your free trial to upload and enhance photos.',
    });

    const before = Date.now();
    const started = await client.post('/api/start-trial');
    expect(started.status).toBe(201);
    expect(started.body.message).toBe('You can now process up to 10 images during your trial period.');
    const ends = new Date(started.body.trialEndsAt as string).getTime();
    const begins = new Date(started.body.trialStartedAt as string).getTime();
    expect(ends - begins).toBe(24 * 3600 * 1000);
    expect(begins).toBeGreaterThanOrEqual(before - 1000);

    for (const path of ['/api/start-trial', '/api/trial/start']) {
      const again = await client.post(path);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('TRIAL_USED');
    }

    const stats = await usage(client);
    expect(stats).toMatchObject({
      subscriptionType: 'trial',
      planName: 'Free Trial',
      imagesUsed: 0,
      imagesIncluded: 10,
      imagesRemaining: 10,
      trialExpired: false,
      canStartTrial: false,
      canUpload: true,
      restriction: null,
      gracePeriodEndDate: null,
      overageImages: 0,
      overageCost: 0,
      retentionDays: 30,
    });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ trialUsed: true, subscriptionStatus: 'trial' });
  });

  it('starts from the billing path too', async () => {
    const { client } = await signedInAgent(testApp);
    expect((await client.post('/api/trial/start')).status).toBe(201);
    expect((await usage(client)).subscriptionType).toBe('trial');
  });

  it('expires after 24 hours: uploads and new projects are refused with the reason', async () => {
    const { client, email } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    await testApp.database.query(
      `update "user" set trial_started_at = now() - interval '24 hours 1 second' where email = $1`,
      [email],
    );
    const stats = await usage(client);
    expect(stats).toMatchObject({ trialExpired: true, canUpload: false, canStartTrial: false });
    const refused = await client.post('/api/projects', {});
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your free trial has ended. Choose a plan to continue uploading images.');
    const upload = await client.upload(
      `/api/projects/${project.id}/upload`,
      [{ name: 'a.jpg', data: await makeJpeg() }],
      {
        templateId: 'blue-sky',
      },
    );
    expect(upload.status).toBe(403);
    expect(upload.body.message).toBe('Your free trial has ended. Choose a plan to continue uploading images.');
  });

  it('is required before anything can be uploaded', async () => {
    const { client } = await signedInAgent(testApp);
    const refused = await client.post('/api/projects', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCESS_RESTRICTED' });
  });

  it('needs a signed-in user', async () => {
    const anonymous = new ApiClient(testApp.baseUrl);
    expect((await anonymous.post('/api/start-trial')).status).toBe(401);
    expect((await anonymous.get('/api/usage/stats')).status).toBe(401);
  });
});

describe('projects', () => {
  it('are named after the session time unless a name is given, newest first', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const auto = await newProject(client);
    expect(auto.name).toMatch(
      /^(Early Morning|Morning|Afternoon|Evening|Night) Session - [A-Z][a-z]{2} \d{1,2} \d{2}:\d{2}$/,
    );
    expect(auto).toMatchObject({ status: 'uploading', totalPhotos: 0, thumbnailUrl: null });
    const days = (new Date(auto.expiresAt).getTime() - new Date(auto.createdAt).getTime()) / 86_400_000;
    expect(days).toBe(30);
    const named = await newProject(client, 'Debug Test 10:42');
    const list = (await client.get<Project[]>('/api/projects')).body;
    expect(list.map((p) => p.id)).toEqual([named.id, auto.id]);
  });

  it('sent in the same minute, get a number so no two look the same in the list', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const projects = [await newProject(client), await newProject(client), await newProject(client)];
    const bases = projects.map((p) => p.name.replace(/ \(\d+\)$/, ''));
    projects.forEach((project, i) => {
      const earlier = bases.slice(0, i).filter((base) => base === bases[i]).length;
      expect(project.name).toBe(earlier ? `${bases[i]} (${earlier + 1})` : bases[i]);
    });
    expect(new Set(projects.map((p) => p.name)).size).toBe(3);
    // A name the user gave is kept as given.
    expect((await newProject(client, projects[0]!.name)).name).toBe(projects[0]!.name);
  });

  it('refuse a bad name and unknown fields politely', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    expect((await client.post('/api/projects', { name: '' })).status).toBe(400);
    expect((await client.post('/api/projects', { name: 'x'.repeat(121) })).status).toBe(400);
    expect((await client.post('/api/projects', { status: 'completed' })).status).toBe(400);
  });

  it('are private: another user sees 404, exactly as for a missing id', async () => {
    const alice = await signedInAgent(testApp);
    const bob = await signedInAgent(testApp);
    await startTrial(alice.client);
    const project = await newProject(alice.client);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const id of [project.id, missing]) {
      const photos = await bob.client.get(`/api/projects/${id}/photos`);
      expect(photos.status).toBe(404);
      expect(photos.body).toEqual({ message: 'Project not found', code: 'NOT_FOUND' });
      expect((await bob.client.request('DELETE', `/api/projects/${id}`)).status).toBe(404);
      expect((await bob.client.get(`/api/projects/${id}/download`)).status).toBe(404);
    }
    expect((await bob.client.get<Project[]>('/api/projects')).body).toEqual([]);
    expect((await bob.client.get('/api/projects/not-a-uuid/photos')).status).toBe(400);
    expect((await alice.client.get(`/api/projects/${project.id}/photos`)).status).toBe(200);
  });

  it('can be deleted by their owner', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    expect((await client.request('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    expect((await client.get(`/api/projects/${project.id}/photos`)).status).toBe(404);
    expect((await client.request('DELETE', `/api/projects/${project.id}`)).status).toBe(404);
  });
});

describe('templates and the final prompt', () => {
  it('lists the popular templates in SPEC order, then the rest alphabetically, with availability', async () => {
    const { client } = await signedInAgent(testApp);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    const popular = templates.filter((t) => t.isPopular).map((t) => t.name);
    expect(popular).toEqual([...POPULAR_TEMPLATE_ORDER]);
    expect(templates.slice(0, popular.length).every((t) => t.isPopular)).toBe(true);
    const rest = templates.filter((t) => !t.isPopular).map((t) => t.name);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    expect(rest).toEqual(
      expect.arrayContaining(['Kitchen', 'Dining Room', 'Bathroom', "Kids' Room", 'Declutter', 'Twilight']),
    );

    const byName = Object.fromEntries(templates.map((t) => [t.name, t]));
    for (const name of ['Professional Enhancement', 'Blue Sky', 'Perfect Lawn']) {
      expect(byName[name]).toMatchObject({ available: true, category: 'enhancement' });
      expect(byName[name]).not.toHaveProperty('unavailableReason');
    }
    expect(byName.Bedroom).toMatchObject({ available: false, category: 'staging' });
    expect(byName.Bedroom!.unavailableReason).toMatch(/AI image provider/);
    const staging = templates.filter((t) => t.category === 'staging');
    expect(staging.length).toBeGreaterThanOrEqual(11);
    for (const template of staging) {
      expect(template, template.name).toMatchObject({ available: false, unavailableReason: NO_PROVIDER_REASON });
    }
  });

  it('returns exactly what a provider would receive', async () => {
    const { client } = await signedInAgent(testApp);
    const response = await client.post('/api/debug/prompt', { prompt: '  Add a reading chair by the window  ' });
    expect(response.status).toBe(200);
    const finalPrompt = response.body.finalPrompt as string;
    expect(finalPrompt).toMatch(/walls, windows, doors, floors, ceilings/);
    expect(finalPrompt).toMatch(/Do not add people, animals, text, logos, signs or watermarks/);
    expect(finalPrompt.endsWith('Requested edit: Add a reading chair by the window')).toBe(true);
    const empty = await client.post('/api/debug/prompt', { prompt: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a prompt to test');
    expect((await new ApiClient(testApp.baseUrl).post('/api/debug/prompt', { prompt: 'x' })).status).toBe(401);
  });

  it('builds the final prompt from the template prompt and custom text as SPEC §7 joins them', async () => {
    const { client } = await signedInAgent(testApp);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    const bedroom = templates.find((t) => t.name === 'Bedroom')!;
    // A staging template is made in its default style unless another is chosen (issue 12).
    const bedroomStyle = `\nStyle: ${bedroom.defaultStyle} — `;
    const cases: [string, string, string | null][] = [
      [bedroom.prompt, bedroom.prompt, bedroomStyle],
      [`${bedroom.prompt}. Add a reading chair`, `${bedroom.prompt}. Add a reading chair`, bedroomStyle],
      [`  ${bedroom.prompt}.   Add a reading chair  `, `${bedroom.prompt}. Add a reading chair`, bedroomStyle],
      ['Add a reading chair', 'Add a reading chair', null],
    ];
    for (const [prompt, edit, style] of cases) {
      const response = await client.post('/api/debug/prompt', { prompt });
      expect(response.status).toBe(200);
      const finalPrompt = response.body.finalPrompt as string;
      expect(finalPrompt.startsWith(`${SYSTEM_RULES}\n\nRequested edit: ${edit}`)).toBe(true);
      if (style) expect(finalPrompt).toContain(style);
      else expect(finalPrompt).toBe(`${SYSTEM_RULES}\n\nRequested edit: ${edit}`);
    }
    const scandinavian = await client.post('/api/debug/prompt', { prompt: bedroom.prompt, style: 'Scandinavian' });
    expect(scandinavian.body.finalPrompt).toMatch(/\nStyle: Scandinavian — light oak/);
    const long = await client.post('/api/debug/prompt', { prompt: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Custom instructions can be at most 2000 characters.');
  });

  it("previews exactly the prompt an uploaded photo's provider receives", async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    const prompt = templates.find((t) => t.name === 'Perfect Lawn')!.prompt;
    const upload = await client.upload<{ photos: Photo[] }>(
      `/api/projects/${project.id}/upload`,
      [{ name: 'a.jpg', data: await makeJpeg() }],
      { prompt },
    );
    expect(upload.status).toBe(201);
    const { rows } = await testApp.database.query(
      'select template_id as "templateId", custom_prompt as "customPrompt", style from photo_version where photo_id = $1',
      [upload.body.photos[0]!.id],
    );
    const preview = await client.post('/api/debug/prompt', { prompt });
    expect(preview.body.finalPrompt).toBe(
      finalPromptForVersion(rows[0] as Parameters<typeof finalPromptForVersion>[0]),
    );
  });
});

describe('usage stats', () => {
  it('carry every field of SPEC §3', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const stats = (await client.get('/api/usage/stats')).body;
    for (const field of [
      'subscriptionType',
      'planName',
      'imagesUsed',
      'imagesIncluded',
      'imagesRemaining',
      'trialExpired',
      'gracePeriodEndDate',
      'currentPeriodEnd',
      'overageImages',
      'overageCost',
      'canStartTrial',
    ]) {
      expect(stats, field).toHaveProperty(field);
    }
    expect(() => usageStatsSchema.parse(stats)).not.toThrow();
    // The trial's period ends with the trial.
    expect(stats.currentPeriodEnd).toBe(stats.trialEndsAt);
  });
});
