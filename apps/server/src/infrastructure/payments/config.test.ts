import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

// Each config makes its local secrets in a data folder of its own, all under one folder removed at the end.
const root = mkdtempSync(path.join(tmpdir(), 'hearth-billing-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const base = () => ({ DATA_DIR: mkdtempSync(path.join(root, 'data-')) });
const paddle = {
  PADDLE_API_KEY: 'pdl_sdbx_apikey_01',
  PADDLE_CLIENT_TOKEN: 'test_client_token_01',
  PADDLE_WEBHOOK_SECRET: 'pdl_ntfset_new_secret, pdl_ntfset_old_secret',
  PADDLE_PRICE_STARTER: 'pri_starter',
  PADDLE_PRICE_PRO: 'pri_pro',
  PADDLE_PRICE_ELITE: 'pri_elite',
};

describe('billing configuration', () => {
  it('uses the local payment sandbox when no PADDLE_ variable is set', () => {
    const { billing } = loadConfig(base());
    expect(billing.provider).toBe('local-sandbox');
    expect(billing.webhookSecrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(billing.priceIds.pro).toBe('pri_local_pro');
  });

  it('uses Paddle, in the sandbox environment by default, with every webhook secret during rotation', () => {
    const { billing } = loadConfig({ ...base(), ...paddle });
    expect(billing).toMatchObject({
      provider: 'paddle',
      environment: 'sandbox',
      webhookSecrets: ['pdl_ntfset_new_secret', 'pdl_ntfset_old_secret'],
      priceIds: { starter: 'pri_starter', pro: 'pri_pro', elite: 'pri_elite' },
    });
  });

  it('refuses a partial Paddle configuration, naming what is missing', () => {
    const attempt = () => loadConfig({ ...base(), PADDLE_API_KEY: 'pdl_sdbx_apikey_01' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PADDLE_CLIENT_TOKEN: required/);
    expect(attempt).toThrow(/PADDLE_PRICE_ELITE: required/);
  });

  it('allows webhook signatures 5 s of age unless PADDLE_WEBHOOK_TOLERANCE_SECONDS says otherwise', () => {
    expect(loadConfig(base()).billing.webhookToleranceSeconds).toBe(5);
    const configured = loadConfig({ ...base(), ...paddle, PADDLE_WEBHOOK_TOLERANCE_SECONDS: '30' });
    expect(configured.billing.webhookToleranceSeconds).toBe(30);
    expect(() => loadConfig({ ...base(), PADDLE_WEBHOOK_TOLERANCE_SECONDS: 'soon' })).toThrow(
      /PADDLE_WEBHOOK_TOLERANCE_SECONDS: must be a whole number of seconds/,
    );
    expect(() => loadConfig({ ...base(), PADDLE_WEBHOOK_TOLERANCE_SECONDS: '3600' })).toThrow(
      /PADDLE_WEBHOOK_TOLERANCE_SECONDS: must be at most 300 seconds/,
    );
  });

  it('refuses an unknown Paddle environment', () => {
    expect(() => loadConfig({ ...base(), ...paddle, PADDLE_ENVIRONMENT: 'staging' })).toThrow(/PADDLE_ENVIRONMENT/);
  });
});
