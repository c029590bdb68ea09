import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authConfigSchema, errorBodySchema } from '@hearth/contracts';
import type { Config } from '../../config';
import { isLoopbackAddress } from '../../infrastructure/http/loopback-address';
import type { Auth } from './auth';
import { CLIENT_ADDRESS_HEADER } from './sign-in-guard';

interface AuthRouteDeps {
  auth: Auth;
  config: Config;
  devOutbox: boolean;
}

export async function authRoutes(app: FastifyInstance, { auth, config, devOutbox }: AuthRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // Everything here is for visitors who are not (or no longer) signed in: better-auth checks its own sessions.
  const open = { auth: 'public' } as const;

  // The outbox answers only this machine (dev/routes.ts), so only this machine is told it exists.
  api.get('/api/auth/config', { schema: { response: { 200: authConfigSchema } }, config: open }, async (request) => ({
    url: `${config.appUrl}/api/auth`,
    anonKey: null,
    devOutbox: devOutbox && isLoopbackAddress(request.socket.remoteAddress),
  }));

  // Where the browser is sent when it is not signed in.
  app.get('/api/login', { config: open }, async (_request, reply) => reply.redirect('/signin', 302));

  api.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { response: { 429: errorBodySchema } },
    config: open,
    // Sign-in is throttled inside better-auth, on the endpoint its router reaches (sign-in-guard.ts).
    handler: async (request, reply) => sendWebResponse(reply, await auth.handler(toWebRequest(request, config.appUrl))),
  });
}

function toWebRequest(request: FastifyRequest, appUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_ADDRESS_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  const hasBody = request.body !== undefined && request.method !== 'GET';
  return new Request(new URL(request.url, appUrl), {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}
