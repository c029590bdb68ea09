import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../http/errors';
import type { Auth } from './auth';

export interface SessionUser {
  id: string;
  email: string;
}

/** Resolves the signed-in user from the session cookie or a bearer token; 401 when there is none. */
export function createSessionResolver(auth: Auth) {
  return async function requireUser(request: FastifyRequest): Promise<SessionUser> {
    const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!session) throw unauthorized();
    return { id: session.user.id, email: session.user.email };
  };
}

export type RequireUser = ReturnType<typeof createSessionResolver>;
