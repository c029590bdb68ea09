import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, HTTPMethods, onRequestHookHandler } from 'fastify';
import { unauthorized } from '../../http/errors';
import type { Auth } from './auth';

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
export function registerSessionGuard(app: FastifyInstance, auth: Auth) {
  const users = new WeakMap<FastifyRequest, SessionUser>();
  const table: RouteAccess[] = [];

  const resolveUser: onRequestHookHandler = async function resolveUser(request) {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    users.set(request, { id: session.user.id, email: session.user.email });
  };

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
