import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { signedInAgent } from './helpers/accounts';
import { newProject, startTrial, uploadJpegs, usage } from './helpers/projects';

let testApp: TestApp;
// Workers off: the ten images stay used (a failed photo would give its image back).
beforeAll(async () => {
  testApp = await startTestApp({ ROLE: 'api' });
});
afterAll(() => testApp.close());

const TRIAL_LIMIT_REACHED = 'Trial limit reached. Choose a plan to continue uploading images.';

async function countRows(table: 'project' | 'photo', userId: string) {
  const { rows } = await testApp.database.query(`select count(*)::int as n from ${table} where user_id = $1`, [userId]);
  return rows[0]!.n as number;
}

describe('a trial whose 10 images are used up', () => {
  it('reports that uploads are over, and refuses new projects and uploads with that reason', async () => {
    const { client } = await signedInAgent(testApp);
    await startTrial(client);
    const project = await newProject(client);
    expect((await uploadJpegs(client, project.id, 9)).status).toBe(201);
    expect(await usage(client)).toMatchObject({ subscriptionType: 'trial', imagesRemaining: 1, canUpload: true });

    expect((await uploadJpegs(client, project.id, 1)).status).toBe(201);
    expect(await usage(client)).toMatchObject({
      subscriptionType: 'trial',
      trialExpired: false,
      imagesUsed: 10,
      imagesRemaining: 0,
      canUpload: false,
      restriction: TRIAL_LIMIT_REACHED,
    });

    const me = (await client.get<{ id: string }>('/api/auth/user')).body;
    const projectsBefore = await countRows('project', me.id);
    const photosBefore = await countRows('photo', me.id);

    const create = await client.post('/api/projects', { name: 'One more', status: 'uploading' });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ code: 'ACCESS_RESTRICTED', message: TRIAL_LIMIT_REACHED });
    const upload = await uploadJpegs(client, project.id, 1);
    expect(upload.status).toBe(403);
    expect(upload.body).toMatchObject({ code: 'ACCESS_RESTRICTED', message: TRIAL_LIMIT_REACHED });

    // Nothing half-made: no empty project, no photo row.
    expect(await countRows('project', me.id)).toBe(projectsBefore);
    expect(await countRows('photo', me.id)).toBe(photosBefore);
  });
});
