import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'hearth-config-'));

describe('loadConfig', () => {
  it('works with no configuration at all', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
    });
    expect(config.authSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('turns staging on with one provider key, and keeps enhancement on the local engine', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).ai.providers).toEqual([]);
    const config = loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'sk-test' });
    expect(config.ai.providers).toEqual([
      { id: 'openai', apiKey: 'sk-test', baseUrl: undefined, model: 'gpt-image-1' },
    ]);
    expect(config.enhancementEngine).toBe('local');
  });

  it('keeps the generated secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(loadConfig({ DATA_DIR: dir }).authSecret);
  });

  it('derives the public URL from PORT unless APP_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4100' }).appUrl).toBe('http://localhost:4100');
    expect(loadConfig({ DATA_DIR: dataDir(), APP_URL: 'https://app.example.com/' }).appUrl).toBe(
      'https://app.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'nope' }, 'SMTP_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ NODE_ENV: 'production' }, 'AUTH_SECRET'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ AI_PROVIDER: 'openai' }, 'AI_PROVIDER'],
    [{ GEMINI_API_KEY: 'k', AI_PROVIDER_FALLBACK: 'bfl' }, 'AI_PROVIDER_FALLBACK'],
    [{ OPENAI_BASE_URL: 'localhost' }, 'OPENAI_BASE_URL'],
    [{ ENHANCEMENT_ENGINE: 'gpu' }, 'ENHANCEMENT_ENGINE'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      new RegExp(`^Invalid environment:\\n  ${variable}:`),
    );
  });
});
