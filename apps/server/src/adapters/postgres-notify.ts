import pg from 'pg';
import type { Logger } from 'pino';
import { LocalFanOut, type EventBus, type UserEvent } from '../infrastructure/event-bus/event-bus';

const CHANNEL = 'hearth_user_events';
/** NOTIFY payloads are limited to 8000 bytes; ours are a few hundred. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * The event bus across API processes: each process LISTENs on one channel over a dedicated connection
 * (reconnecting if it drops), and publishing is a NOTIFY that every process, this one included, receives.
 */
export async function createPostgresEventBus(url: string, log: Logger): Promise<EventBus> {
  const fanOut = new LocalFanOut();
  const publisher = new pg.Pool({ connectionString: url, max: 2 });
  let listener: pg.Client | undefined;
  let closed = false;

  const connect = async () => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { userId, event } = JSON.parse(message.payload) as { userId: string; event: UserEvent };
        fanOut.deliver(userId, event);
      } catch (error) {
        log.warn({ err: error }, 'ignored a malformed event notification');
      }
    });
    client.on('error', (error) => {
      log.warn({ err: error }, 'event listener connection lost; reconnecting');
      void client.end().catch(() => undefined);
      if (!closed)
        setTimeout(() => void connect().catch((e: unknown) => log.error({ err: e }, 'event listener')), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connect();

  return {
    async publish(userId, event) {
      const payload = JSON.stringify({ userId, event });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('Event too large for NOTIFY');
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
    },
    subscribe: (userId, handler) => fanOut.subscribe(userId, handler),
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
