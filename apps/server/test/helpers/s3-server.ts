import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server on loopback (s3rver: the S3 REST API, SigV4 signatures checked, objects kept in a
 * folder), in this process. Path-style addressing, as with MinIO; its fixed credentials are S3RVER/S3RVER.
 */
export interface LoopbackS3 {
  bucket: string;
  /** The variables that point the app at this server. */
  env: Record<string, string>;
  /** Keys of the objects stored in the bucket, sorted. */
  objectKeys(): Promise<string[]>;
  /** Stops answering (connections refused), as an outage would; the objects are kept. */
  stop(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const OBJECT_SUFFIX = '._S3rver_object';

export async function startLoopbackS3(bucket = 'hearth-test'): Promise<LoopbackS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'hearth-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: bucket, configs: [] }],
    });
    port = ((await server.run()) as AddressInfo).port;
    await untilBucketAnswers(`http://127.0.0.1:${port}/${bucket}?max-keys=0`);
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Kept-alive connections of the SDK's pool would hold close() open.
    (running as unknown as { httpServer: { closeAllConnections(): void } }).httpServer.closeAllConnections();
    await running.close();
  };
  await start();
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async objectKeys() {
      const root = path.join(directory, bucket);
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.endsWith(OBJECT_SUFFIX))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).slice(0, -OBJECT_SUFFIX.length))
        .sort();
    },
    stop,
    restart: start,
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A restarted server is only ready once it answers for the bucket (listing it, unsigned, answers 200). */
async function untilBucketAnswers(url: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`the loopback S3 server did not answer for its bucket (${status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
