import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outboxSchema } from '@hearth/contracts';
import type { Db } from '../../infrastructure/db/client';
import { HttpError } from '../../infrastructure/http/errors';
import { isLoopbackAddress } from '../../infrastructure/http/loopback-address';
import { listOutbox } from '../../infrastructure/mail/mailer';

/**
 * Registered only while the outbox is the mail transport and NODE_ENV is not production, and answers only clients
 * on this machine: the outbox holds every verification and password-reset link.
 */
export async function devRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    // No account: the outbox is what lets a local visitor verify the address they signed up with.
    { preHandler: onlyThisMachine, schema: { response: { 200: outboxSchema } }, config: { auth: 'public' } },
    async () => listOutbox(db),
  );
}

/** The TCP peer's address decides, never a forwarding header (which anyone can send). */
async function onlyThisMachine(request: FastifyRequest) {
  if (!isLoopbackAddress(request.socket.remoteAddress)) {
    throw new HttpError(
      403,
      'The mail outbox can only be read on the machine running Hearth. Open it there, or set SMTP_URL to send real mail.',
      'OUTBOX_LOOPBACK_ONLY',
    );
  }
}
