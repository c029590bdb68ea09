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
      { id: 'openai', apiKey: 'sk-test', baseUrl: undefined, model: 'gpt-image-2' },
    ]);
    expect(config.enhancementEngine).toBe('local');
  });

  it('keeps photos in local files under DATA_DIR until S3_BUCKET names a bucket', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).storage).toEqual({ kind: 'local', dir: path.join(dir, 'files') });
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: '', S3_REGION: '' }).storage.kind).toBe('local');
    expect(
      loadConfig({
        DATA_DIR: dir,
        S3_BUCKET: 'hearth-photos',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'minio',
        S3_SECRET_ACCESS_KEY: 'minio-secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'hearth-photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
    });
    // AWS itself: a region, and the SDK's default credentials (an instance or task role) when no keys are given.
    expect(loadConfig({ DATA_DIR: dir, S3_BUCKET: 'hearth.photos', S3_REGION: 'eu-west-1' }).storage).toEqual({
      kind: 's3',
      bucket: 'hearth.photos',
      endpoint: undefined,
      region: 'eu-west-1',
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('serves no metrics without METRICS_TOKEN, and guesses the log format', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ metricsToken: undefined, logFormat: 'auto' });
    const token = 'a-long-enough-token-0123456789';
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: token, LOG_FORMAT: 'json' })).toMatchObject({
      metricsToken: token,
      logFormat: 'json',
    });
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
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
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'has a space in it 0123456789' }, 'METRICS_TOKEN'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'Photos_Bucket', S3_REGION: 'eu-west-1' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'ab', S3_REGION: 'eu-west-1' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'photos', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ S3_BUCKET: 'photos' }, 'S3_REGION'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AKIA' }, 'S3_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_SECRET_ACCESS_KEY: 'secret' }, 'S3_ACCESS_KEY_ID'],
    [{ S3_BUCKET: 'photos', S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      new RegExp(`^Invalid environment:\\n  ${variable}:`),
    );
  });
});
