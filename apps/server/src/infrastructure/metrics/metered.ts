import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { Queue } from '../queue/queue';
import type { ObjectStorage } from '../storage/object-storage';
import type { Metrics } from './metrics';

/*
 * The metrics are taken at the seams the composition root owns (the queue, the storage, the HTTP server), so
 * the business modules report nothing themselves.
 */

/** Every answered request, by its route's pattern; requests no route matched share one label. */
export function meterHttp(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest({
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
  });
}

/**
 * The queue, counting how each job handler's run ends. A `photo.enhance` run that completes or fails is a
 * photo completed or failed (skipped runs changed nothing); the stalled-photo check reports the photos it
 * failed, out of tries, in its summary.
 */
export function meterJobs(queue: Queue, metrics: Metrics): Queue {
  return {
    send: (name, data, options) => queue.send(name, data, options),
    isPending: (name, id) => queue.isPending(name, id),
    schedule: (name, cron) => queue.schedule(name, cron),
    drain: () => queue.drain(),
    stop: () => queue.stop(),
    work(name, concurrency, handler, options) {
      return queue.work(
        name,
        concurrency,
        async (data, context) => {
          try {
            const outcome = await handler(data, context);
            metrics.jobFinished(name, outcome.status);
            if (name === 'photo.enhance' && outcome.status !== 'skipped') metrics.photosFinished(outcome.status, 1);
            const failedByCheck = outcome.status === 'completed' ? (outcome.summary?.failed ?? 0) : 0;
            if (name === 'photo.recover-stalled' && failedByCheck > 0) metrics.photosFinished('failed', failedByCheck);
            return outcome;
          } catch (error) {
            metrics.jobFinished(name, 'error');
            throw error;
          }
        },
        options,
      );
    },
  };
}

/** The storage, counting the bytes of uploaded originals as they are stored. */
export function meterUploads(storage: ObjectStorage, metrics: Metrics): ObjectStorage {
  return {
    get: (key) => storage.get(key),
    getFile: (key, targetPath) => storage.getFile(key, targetPath),
    // Originals arrive as uploads (put), never from a file.
    putFile: (key, sourcePath, contentType) => storage.putFile(key, sourcePath, contentType),
    delete: (key) => storage.delete(key),
    check: () => storage.check(),
    async put(key, body, contentType) {
      if (!key.endsWith('/original')) return storage.put(key, body, contentType);
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      });
      // Both ends at once: the body's errors reach the storage through the counter, and the storage's stop the body.
      await Promise.all([pipeline(body, counter), storage.put(key, counter as Readable, contentType)]);
      metrics.uploadBytes(bytes);
    },
  };
}
