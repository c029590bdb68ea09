import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authConfigSchema, errorBodySchema } from '@hearth/contracts';
import type { Config } from '../../config';
import type { Auth } from './auth';
import type { SignInThrottle } from './sign-in-throttle';

interface AuthRouteDeps {
  auth: Auth;
  config: Config;
  throttle: SignInThrottle;
  devOutbox: boolean;
}

const SIGN_IN_PATH = '/api/auth/sign-in/email';

export async function authRoutes(app: FastifyInstance, { auth, config, throttle, devOutbox }: AuthRouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/auth/config', { schema: { response: { 200: authConfigSchema } } }, async () => ({
    url: `${config.appUrl}/api/auth`,
    anonKey: null,
    devOutbox,
  }));

  // Where the browser is sent when it is not signed in.
  app.get('/api/login', async (_request, reply) => reply.redirect('/signin', 302));

  api.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { response: { 429: errorBodySchema } },
    handler: async (request, reply) => {
      const signInEmail = signInAttemptEmail(request);
      if (signInEmail) {
        const refusal = await throttle.refusal(signInEmail, request.ip);
        if (refusal) return reply.status(429).send({ message: refusal, code: 'TOO_MANY_ATTEMPTS' });
      }
      const response = await auth.handler(toWebRequest(request, config.appUrl));
      if (signInEmail && response.status === 401) await throttle.recordFailure(signInEmail, request.ip);
      return sendWebResponse(reply, response);
    },
  });
}

function signInAttemptEmail(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || request.url.split('?')[0] !== SIGN_IN_PATH) return null;
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

function toWebRequest(request: FastifyRequest, appUrl: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
  }
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
