import { createHash } from 'node:crypto';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type Directives = Record<string, string[]>;

/**
 * What Paddle.js needs when Paddle is the payment provider (the browser loads it from Paddle's CDN and opens the
 * checkout in a frame of Paddle's, which talks to Paddle's checkout service). The local payment sandbox needs none.
 */
const PADDLE_SOURCES = {
  sandbox: {
    script: ['https://cdn.paddle.com', 'https://sandbox-cdn.paddle.com'],
    frame: ['https://sandbox-buy.paddle.com'],
    connect: ['https://sandbox-checkout-service.paddle.com'],
  },
  production: {
    script: ['https://cdn.paddle.com'],
    frame: ['https://buy.paddle.com'],
    connect: ['https://checkout-service.paddle.com'],
  },
};

/** Sources that only some pages need: the sha256 hashes of a prerendered page's inline scripts and styles. */
export interface InlineSources {
  scripts: string[];
  styles: string[];
  styleAttributes: string[];
}

/**
 * The Content-Security-Policy of every response. Scripts only from this origin (plus Paddle.js when Paddle is on
 * and the hashes of a prerendered page's own inline loader); no plugins, no <base>, no framing by anyone.
 * Styles also allow 'unsafe-inline' in the app: sonner and Radix insert <style> elements at run time. A page with
 * hashed inline styles gets no 'unsafe-inline' (a hash switches it off anyway).
 */
/** What the pages' policy needs to know of payments: whether Paddle.js (and which environment) is loaded. */
type Payments = { provider: 'paddle'; environment: 'sandbox' | 'production' } | { provider: 'local-sandbox' };

export function contentSecurityPolicy(billing: Payments, inline?: InlineSources): Directives {
  const paddle =
    billing.provider === 'paddle' ? PADDLE_SOURCES[billing.environment] : { script: [], frame: [], connect: [] };
  const styles = inline
    ? [...inline.styles, ...(inline.styleAttributes.length ? ["'unsafe-hashes'", ...inline.styleAttributes] : [])]
    : ["'unsafe-inline'"];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(inline?.scripts ?? []), ...paddle.script],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...styles, ...paddle.script],
    'img-src': ["'self'", 'data:', 'blob:', ...paddle.script],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...paddle.connect],
    'frame-src': paddle.frame.length ? paddle.frame : ["'none'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every response (@fastify/helmet): the CSP above, HSTS in production only (a development
 * server on http://localhost must not teach the browser to insist on https), Referrer-Policy and nosniff always.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  { isProduction, billing }: { isProduction: boolean; billing: Payments },
) {
  await app.register(fastifyHelmet, helmetOptions(isProduction, contentSecurityPolicy(billing)));
}

/** Route options giving one prerendered page a CSP that allows exactly its own inline scripts and styles. */
export function pageSecurityHeaders(
  { isProduction, billing }: { isProduction: boolean; billing: Payments },
  html: string,
): { helmet: Omit<FastifyHelmetOptions, 'global'> } {
  return { helmet: helmetOptions(isProduction, contentSecurityPolicy(billing, inlineSourcesOf(html))) };
}

/** The app's own CSP, for a route whose default is a page's (the landing page's path serves the app when signed in). */
export function appContentSecurityPolicy({ billing }: { billing: Payments }) {
  return { useDefaults: false as const, directives: contentSecurityPolicy(billing) };
}

function helmetOptions(isProduction: boolean, directives: Directives): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    strictTransportSecurity: isProduction ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // Payment providers' wallets (PayPal...) open popups that report back to the checkout.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  };
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const STYLE_ATTRIBUTE = /<[a-z][^>]*?\sstyle="([^"]*)"/gi;

/** The CSP hashes of a page's inline scripts, <style> elements and style attributes, from the HTML that is served. */
export function inlineSourcesOf(html: string): InlineSources {
  const hashes = (pattern: RegExp, decode = (text: string) => text) => [
    ...new Set([...html.matchAll(pattern)].map(([, text]) => sha256(decode(text!)))),
  ];
  return {
    scripts: hashes(INLINE_SCRIPT),
    styles: hashes(INLINE_STYLE),
    styleAttributes: hashes(STYLE_ATTRIBUTE, decodeAttribute),
  };
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A double-quoted attribute's value as the browser reads it (the entities React's server renderer writes). */
function decodeAttribute(value: string): string {
  return value.replace(/&(?:quot|#34|#x22|amp|#38|#x26|lt|#60|gt|#62|#39|#x27|apos);/g, (entity) => {
    const named: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };
    const name = entity.slice(1, -1);
    if (name in named) return named[name]!;
    const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return String.fromCharCode(code);
  });
}
