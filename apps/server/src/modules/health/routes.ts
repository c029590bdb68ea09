import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, healthSchema } from '@hearth/contracts';
import { isDatabaseReady, type Database } from '../../db/client';

export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  const open = { auth: 'public' } as const; // anyone may ask: a load balancer, a monitor
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { schema: { response: { 200: healthSchema, 503: errorBodySchema } }, logLevel: 'warn', config: open },
      async (_request, reply) => {
        if (await isDatabaseReady(database)) return { status: 'ok' as const };
        return reply.status(503).send({ message: 'The database is not reachable.' });
      },
    );
}
