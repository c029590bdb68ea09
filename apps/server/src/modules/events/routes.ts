import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../infrastructure/http/errors';
import { headersOf, type Auth } from '../auth/service';
import type { EventBus } from '../../infrastructure/event-bus/event-bus';
import type { SubscriptionStreams } from './subscription-stream';

interface EventRouteDeps {
  auth: Auth;
  streams: SubscriptionStreams;
}

const streamQuery = z.object({ token: z.string().min(1).max(1000).optional() });

/** Auth calls after which a user's open streams re-check that their session still stands. */
const SESSION_CHANGING_PATHS = new Set([
  '/api/auth/sign-out',
  '/api/auth/change-password',
  '/api/auth/revoke-session',
  '/api/auth/revoke-sessions',
  '/api/auth/revoke-other-sessions',
]);

export async function eventRoutes(app: FastifyInstance, { auth, streams }: EventRouteDeps) {
  const findSession = (headers: Headers) =>
    auth.api.getSession({ headers, query: { disableCookieCache: true } }).catch(() => null);

  // 'public' to the session guard: this route resolves the session itself, from ?token= too (below), and answers
  // 401 without one.
  const options = { schema: { querystring: streamQuery }, config: { auth: 'public' as const } };
  app.withTypeProvider<ZodTypeProvider>().get('/api/sse/subscriptions', options, async (request, reply) => {
    // EventSource cannot send headers, so a bearer token may come as ?token= (SPEC §7).
    const headers = headersOf(request.headers);
    if (request.query.token) headers.set('authorization', `Bearer ${request.query.token}`);
    const session = await findSession(headers);
    if (!session) throw unauthorized();
    const userId = session.user.id;
    const streamId = await streams.claim(userId);
    reply.hijack();
    streams.open({ streamId, userId, isSignedIn: async () => (await findSession(headers)) !== null }, reply.raw);
  });
}

/**
 * After sign-out or a password change, the user's streams (in every process) are told to re-check their
 * session, so a stream never outlives the session that opened it. Added on the root app so the hooks see
 * the auth routes.
 */
export function announceSessionChanges(app: FastifyInstance, { auth, bus }: { auth: Auth; bus: EventBus }) {
  const userOf = new WeakMap<FastifyRequest, string>();
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'POST' || !SESSION_CHANGING_PATHS.has(request.url.split('?')[0]!)) return;
    const session = await auth.api.getSession({ headers: headersOf(request.headers) }).catch(() => null);
    if (session) userOf.set(request, session.user.id);
  });
  app.addHook('onResponse', async (request) => {
    const userId = userOf.get(request);
    if (userId) await bus.publish(userId, { type: 'session.changed' }).catch(() => undefined);
  });
}
