import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPaddleBody, verifyPaddleSignature } from './paddle-signature';

const secret = 'pdl_ntfset_01_secret_current';
const oldSecret = 'pdl_ntfset_01_secret_previous';
const body = JSON.stringify({ event_id: 'evt_01', event_type: 'subscription.created', data: { id: 'sub_01' } });
const now = new Date('2026-11-22T12:00:00Z');
const ts = Math.floor(now.getTime() / 1000);
const h1 = (key: string, text = body, at = ts) => createHmac('sha256', key).update(`${at}:${text}`).digest('hex');

describe('verifyPaddleSignature', () => {
  it('accepts a header made the way Paddle documents it', () => {
    expect(verifyPaddleSignature(body, `ts=${ts};h1=${h1(secret)}`, [secret], now)).toEqual({ ok: true });
    expect(verifyPaddleSignature(body, signPaddleBody(body, secret, now), [secret], now)).toEqual({ ok: true });
  });

  it('refuses a body with one byte changed', () => {
    const header = `ts=${ts};h1=${h1(secret)}`;
    const tampered = body.replace('sub_01', 'sub_02');
    expect(verifyPaddleSignature(tampered, header, [secret], now)).toMatchObject({ ok: false });
  });

  it("refuses a timestamp more than 5 s away by default, as Paddle's SDK does", () => {
    const recent = ts - 5;
    expect(verifyPaddleSignature(body, `ts=${recent};h1=${h1(secret, body, recent)}`, [secret], now)).toEqual({
      ok: true,
    });
    const old = ts - 6;
    expect(verifyPaddleSignature(body, `ts=${old};h1=${h1(secret, body, old)}`, [secret], now)).toEqual({
      ok: false,
      reason: 'Stale Paddle-Signature timestamp',
    });
    const future = ts + 6;
    expect(verifyPaddleSignature(body, `ts=${future};h1=${h1(secret, body, future)}`, [secret], now)).toMatchObject({
      ok: false,
    });
  });

  it('accepts any of several h1 values while a secret is rotated', () => {
    const header = `ts=${ts};h1=${h1(oldSecret)};h1=${h1(secret)}`;
    expect(verifyPaddleSignature(body, header, [secret], now)).toEqual({ ok: true });
    expect(verifyPaddleSignature(body, header, [oldSecret], now)).toEqual({ ok: true });
    expect(verifyPaddleSignature(body, header, ['another-secret'], now)).toMatchObject({ ok: false });
  });

  it('refuses a missing or malformed header', () => {
    expect(verifyPaddleSignature(body, undefined, [secret], now)).toEqual({
      ok: false,
      reason: 'Missing Paddle-Signature header',
    });
    expect(verifyPaddleSignature(body, 'h1=abc', [secret], now)).toMatchObject({ ok: false });
    expect(verifyPaddleSignature(body, `ts=${ts};h1=${h1(secret).slice(2)}`, [secret], now)).toMatchObject({
      ok: false,
    });
  });
});
