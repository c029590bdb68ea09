import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxSchema } from '@hearth/contracts';
import type { Db } from '../../db/client';
import { listOutbox } from '../mail/mailer';

/** Registered only while the outbox is the mail transport and NODE_ENV is not production. */
export async function devRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dev/outbox', { schema: { response: { 200: outboxSchema } } }, async () => listOutbox(db));
}
