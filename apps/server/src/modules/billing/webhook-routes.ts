import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../infrastructure/db/client';
import { HttpError } from '../../infrastructure/http/errors';
import type { EventBus } from '../../infrastructure/event-bus/event-bus';
import { applyPaddleEvent, type ApplyContext } from './apply-event';
import { MalformedEventError, parsePaddleEvent } from '../../infrastructure/payments/paddle-events';
import { verifyPaddleSignature } from '../../infrastructure/payments/paddle-signature';

interface WebhookDeps {
  db: Db;
  bus: EventBus;
  webhookSecrets: string[];
  toleranceSeconds: number;
  context: ApplyContext;
}

const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * `POST /api/webhooks/paddle`: the signature is checked on the exact bytes received, then the event is
 * applied once, in one transaction; the user's tabs hear about it after it has committed.
 */
export async function paddleWebhookRoutes(app: FastifyInstance, deps: WebhookDeps) {
  // Only in this plugin: keep the body as the raw text the signature was made over.
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_WEBHOOK_BYTES },
    (_req, body, done) => done(null, body),
  );

  // Paddle calls this, not a user: the signature is the credential.
  app.post('/api/webhooks/paddle', { config: { auth: 'public' } }, async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const header = request.headers['paddle-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    const verdict = verifyPaddleSignature(rawBody, signature, deps.webhookSecrets, new Date(), deps.toleranceSeconds);
    if (!verdict.ok) throw new HttpError(401, verdict.reason, 'BAD_SIGNATURE');
    const outcome = await handle(deps, rawBody, request.log);
    return reply.status(200).send({ received: true, result: outcome });
  });
}

async function handle({ db, bus, context }: WebhookDeps, rawBody: string, log: FastifyBaseLogger) {
  let event;
  try {
    event = parsePaddleEvent(rawBody);
  } catch (error) {
    if (error instanceof MalformedEventError) throw new HttpError(400, error.message, 'MALFORMED_EVENT');
    throw error;
  }
  const { result, notices } = await db.transaction((tx) => applyPaddleEvent(tx, event, context));
  log.info({ eventId: event.eventId, eventType: event.eventType, result }, 'billing event');
  await Promise.all(
    notices.map(({ userId, event: notice }) =>
      bus.publish(userId, notice).catch((error: unknown) => log.warn({ err: error }, 'could not publish event')),
    ),
  );
  return result;
}
