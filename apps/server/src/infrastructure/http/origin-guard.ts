import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request authenticated by cookie must come from one of our own pages.
 * Bearer-token requests carry no ambient credential and are exempt; better-auth checks its own routes.
 */
export function registerOriginGuard(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/') && !request.url.startsWith('/api/auth/user')) return;
    if (!request.headers.cookie || request.headers.authorization?.startsWith('Bearer ')) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin && trustedOrigins.includes(origin)) return;
    return reply.status(403).send({ message: 'This request did not come from the Hearth app.', code: 'BAD_ORIGIN' });
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}
