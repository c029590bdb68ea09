import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan, Template } from '@hearth/contracts';
import { startTestApp, type TestApp } from './helpers/app';
import { ApiClient } from './helpers/client';
import { signedInAgent } from './helpers/accounts';

// Without an AI image provider no page may promise staging or custom prompts; with one, they are sold.
let withoutProvider: TestApp;
let withProvider: TestApp;
beforeAll(async () => {
  withoutProvider = await startTestApp({ ROLE: 'api' });
  // Configured only: nothing here calls the provider, so its address never answers.
  withProvider = await startTestApp({
    ROLE: 'api',
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  await withoutProvider?.close();
  await withProvider?.close();
});

const promisesStaging = (feature: string) => /custom prompt|staging|all templates/i.test(feature);

async function plans(testApp: TestApp) {
  const response = await new ApiClient(testApp.baseUrl).get<Plan[]>('/api/plans');
  expect(response.status).toBe(200);
  return response.body;
}

describe('GET /api/plans sells what this server can deliver now', () => {
  it('promises no custom prompts or staging while no provider is configured', async () => {
    const offered = await plans(withoutProvider);
    expect(offered.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Elite']);
    const promised = offered.flatMap((p) => p.features.filter(promisesStaging).map((f) => `${p.name}: ${f}`));
    expect(promised).toEqual([]);
    for (const name of ['Starter', 'Pro']) {
      expect(offered.find((p) => p.name === name)!.features).toContain(
        'Enhancement templates: Professional Enhancement, Blue Sky, Perfect Lawn',
      );
    }
  });

  it('sells custom prompts and templates once a provider is configured', async () => {
    const offered = await plans(withProvider);
    for (const name of ['Starter', 'Pro']) {
      expect(offered.find((p) => p.name === name)!.features).toContain('Custom prompts and templates');
    }
  });
});

describe('GET /api/templates says once, for whoever runs the server, how to turn staging on', () => {
  it('gives every unavailable template one reason that names the setting to change', async () => {
    const { client } = await signedInAgent(withoutProvider);
    const templates = (await client.get<Template[]>('/api/templates')).body;
    const unavailable = templates.filter((t) => !t.available);
    expect(unavailable.length).toBeGreaterThan(0);
    expect(unavailable.every((t) => t.category === 'staging')).toBe(true);
    const reasons = new Set(unavailable.map((t) => t.unavailableReason));
    expect(reasons.size).toBe(1);
    const [reason] = [...reasons];
    expect(reason).toMatch(/GEMINI_API_KEY, OPENAI_API_KEY or BFL_API_KEY/);
    expect(reason).not.toMatch(/none is configured/);
  });
});
