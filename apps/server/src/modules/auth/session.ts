import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, HTTPMethods, onRequestHookHandler } from 'fastify';
import { unauthorized } from '../../infrastructure/http/errors';
import type { Auth } from './auth';
import { credentialsKey, mayChangeSessions, type SessionCache } from './session-cache';

export interface SessionUser {
  id: string;
  email: string;
}

/**
 * Who may call a route. 'user' (the default for every route under /api/) resolves the signed-in user from the
 * session cookie or a bearer token into `request.user` before the body is read or validated, and answers 401
 * without one. 'public' resolves nobody: the route is open, or (the event stream) checks a session itself.
 */
export type RouteAuth = 'user' | 'public';

export interface RouteAccess {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  auth: RouteAuth;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in user, on routes whose `auth` is 'user'; reading it on a public route is a bug (500). */
    readonly user: SessionUser;
  }
  interface FastifyInstance {
    /** Every route with who may call it, as the session guard declared it. */
    readonly routeAccess: readonly RouteAccess[];
  }
}

/** The access of a route with these options: what it declares, else 'user' under /api/ and 'public' elsewhere. */
export function routeAuthOf(url: string, declared: RouteAuth | undefined): RouteAuth {
  return declared ?? (url.startsWith('/api/') ? 'user' : 'public');
}

/**
 * Default-deny for the API: every route registered after this, under /api/, needs a signed-in user unless it
 * says `config: { auth: 'public' }`. The user is resolved once, in the route's own onRequest hook (after the
 * app-wide ones such as the origin guard), so an anonymous request is answered 401 before its body is parsed
 * or validated, never 400 with the schema's complaints. Handlers read `request.user`.
 */
export function registerSessionGuard(app: FastifyInstance, auth: Auth, cache: SessionCache) {
  const users = new WeakMap<FastifyRequest, SessionUser>();
  const table: RouteAccess[] = [];

  const loadSession = async (request: FastifyRequest) => {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) return null;
    return { user: { id: session.user.id, email: session.user.email }, expiresAt: session.session.expiresAt };
  };

  const resolveUser: onRequestHookHandler = async function resolveUser(request) {
    const key = credentialsKey(request.headers);
    const user = key ? await cache.resolve(key, () => loadSession(request)) : null;
    if (!user) throw unauthorized();
    users.set(request, user);
  };

  // Sign-out, revocations, password changes and resets, email changes: the cache is emptied when such a call
  // starts (so no load overlapping it is kept) and again once it has done its work, before it answers.
  const forgetIfSessionsMayChange = async (request: FastifyRequest) => {
    if (mayChangeSessions(request.method, request.url)) cache.forgetAll();
  };
  app.addHook('onRequest', forgetIfSessionsMayChange);
  app.addHook('onSend', forgetIfSessionsMayChange);

  app.decorateRequest('user', {
    getter(this: FastifyRequest) {
      const user = users.get(this);
      if (!user) throw new Error(`request.user read on ${this.method} ${this.url}, a route that does not resolve one`);
      return user;
    },
  });
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    const access = routeAuthOf(route.url, route.config?.auth);
    table.push({ method: route.method, url: route.url, auth: access });
    if (access !== 'user') return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [resolveUser] : [resolveUser, ...(Array.isArray(own) ? own : [own])];
  });
}
