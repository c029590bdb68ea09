import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Paddle Billing webhook signatures: the `Paddle-Signature` header is `ts=<unix seconds>;h1=<hex>`, where
 * h1 = HMAC-SHA256(secret, `${ts}:${rawBody}`). While a secret is being rotated Paddle sends one h1 per
 * secret, so any matching h1 is accepted. The local payment sandbox signs its events with `signPaddleBody`,
 * so they pass through exactly the same check as Paddle's.
 */

/**
 * How far a signature's timestamp may be from now before it is refused as a replay, unless the caller says
 * otherwise (PADDLE_WEBHOOK_TOLERANCE_SECONDS): Paddle's own SDK allows 5 s.
 */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 5;

export type SignatureVerdict = { ok: true } | { ok: false; reason: string };

export function signPaddleBody(rawBody: string, secret: string, now = new Date()): string {
  const ts = Math.floor(now.getTime() / 1000);
  return `ts=${ts};h1=${hmac(secret, ts, rawBody)}`;
}

export function verifyPaddleSignature(
  rawBody: string,
  header: string | undefined,
  secrets: string[],
  now = new Date(),
  toleranceSeconds = DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
): SignatureVerdict {
  if (!header) return { ok: false, reason: 'Missing Paddle-Signature header' };
  const { ts, h1 } = parseHeader(header);
  if (ts === undefined || h1.length === 0) return { ok: false, reason: 'Malformed Paddle-Signature header' };
  if (Math.abs(now.getTime() / 1000 - ts) > toleranceSeconds) {
    return { ok: false, reason: 'Stale Paddle-Signature timestamp' };
  }
  const expected = secrets.map((secret) => Buffer.from(hmac(secret, ts, rawBody), 'hex'));
  const matches = h1.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return expected.some((digest) => digest.length === given.length && timingSafeEqual(digest, given));
  });
  return matches ? { ok: true } : { ok: false, reason: 'Invalid Paddle-Signature' };
}

function parseHeader(header: string): { ts: number | undefined; h1: string[] } {
  let ts: number | undefined;
  const h1: string[] = [];
  for (const part of header.split(';')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim());
    if (key === 'ts' && value && /^\d{1,12}$/.test(value)) ts = Number(value);
    if (key === 'h1' && value && /^[0-9a-f]{64}$/i.test(value)) h1.push(value);
  }
  return { ts, h1 };
}

function hmac(secret: string, ts: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${ts}:${rawBody}`).digest('hex');
}
