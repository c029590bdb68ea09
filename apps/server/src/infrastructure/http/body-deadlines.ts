import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'idle': the route reads its (large) body itself, through `bodySignal`, and the body may take as long
     * as it needs while bytes keep arriving. Every other route must have its whole body within the
     * request timeout.
     */
    bodyTimeout?: 'idle';
  }
}

export interface BodyDeadlineLimits {
  /** Headers, then a body other than an upload's, must each arrive within this. */
  requestTimeoutMs: number;
  /** An upload is ended when none of its bytes arrive for this long. */
  uploadIdleTimeoutMs: number;
}

const signals = new WeakMap<IncomingMessage, AbortSignal>();
const NEVER = new AbortController().signal;

/**
 * Aborts, with the HttpError to answer, when the request's body stops arriving in time or the client goes
 * away before sending all of it. Routes that read their own body (uploads) pass it to whatever reads.
 */
export function bodySignal(request: FastifyRequest): AbortSignal {
  return signals.get(request.raw) ?? NEVER;
}

/**
 * Bounds how long any client may hold a request open by sending it slowly (slow-loris). Node itself cuts
 * slow headers (headersTimeout); this cuts slow bodies: a total deadline for ordinary bodies, an idle
 * deadline (no byte for N seconds) for uploads, which a slow uplink may legitimately take many minutes over.
 */
export function registerBodyDeadlines(app: FastifyInstance, limits: BodyDeadlineLimits) {
  app.addHook('onRequest', (request, reply, done) => {
    if (carriesBody(request.raw)) watchBody(request, reply, limits);
    done();
  });
  // An answer given before the body was read whole (a refusal, a timeout) closes the connection: the rest
  // of the body will not be read, and a client dripping it must not keep the socket.
  app.addHook('onSend', async (request, reply) => {
    if (carriesBody(request.raw) && !request.raw.complete) reply.header('connection', 'close');
  });
}

function carriesBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watchBody(request: FastifyRequest, reply: FastifyReply, limits: BodyDeadlineLimits) {
  const raw = request.raw;
  const controller = new AbortController();
  signals.set(raw, controller.signal);
  const idle = request.routeOptions.config.bodyTimeout === 'idle';

  const expire = () => {
    if (raw.complete || controller.signal.aborted) return;
    const seconds = Math.round((idle ? limits.uploadIdleTimeoutMs : limits.requestTimeoutMs) / 1000);
    const error = idle
      ? new HttpError(
          408,
          `The upload stopped: nothing arrived for ${seconds} seconds. Check your connection and upload the photos again.`,
          'UPLOAD_STALLED',
        )
      : new HttpError(
          408,
          `The request took longer than ${seconds} seconds to arrive. Check your connection and try again.`,
          'REQUEST_TIMEOUT',
        );
    request.log.info({ idle, received: raw.socket?.bytesRead }, 'request body timed out');
    controller.abort(error);
    if (reply.sent) {
      // Answered already (e.g. refused before reading): only the dripping connection is left to end.
      raw.socket?.destroy();
    } else if (!idle) {
      // Only Fastify's body parser reads an ordinary body, before any handler runs: answer in its place.
      void reply.code(408).send({ message: error.message, code: error.code });
    }
    // An idle-timed route's handler reads the body through bodySignal and answers with the error itself.
  };

  const stop = idle ? watchIdle(raw, limits.uploadIdleTimeoutMs, expire) : watchTotal(limits.requestTimeoutMs, expire);
  const finish = () => {
    stop();
    // The client went away before sending the whole body: whoever is reading it must let go.
    if (!raw.complete && !controller.signal.aborted) {
      controller.abort(new HttpError(400, 'The upload was interrupted before it finished.', 'REQUEST_INTERRUPTED'));
    }
  };
  raw.once('end', stop);
  raw.once('close', finish);
  reply.raw.once('close', stop);
}

function watchTotal(ms: number, expire: () => void): () => void {
  const timer = setTimeout(expire, ms);
  return () => clearTimeout(timer);
}

/**
 * Node's socket timeout is an inactivity timeout: every byte received re-arms it. While the body is
 * incomplete Node reports it on the request (a listener there keeps Node from destroying the socket), so we
 * can answer; once the body is in, the socket's own setting comes back.
 */
function watchIdle(raw: IncomingMessage, ms: number, expire: () => void): () => void {
  const socket = raw.socket;
  const previous = socket.timeout ?? 0;
  socket.setTimeout(ms);
  raw.on('timeout', expire);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    raw.off('timeout', expire);
    if (!socket.destroyed) socket.setTimeout(previous);
  };
}
