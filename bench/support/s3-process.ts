/**
 * An S3-compatible server on loopback (s3rver, as the tests use) in a process of its own, so that its work (it
 * writes and hashes every object in JavaScript) shares no event loop with a bench's client:
 *
 *   node --import tsx bench/support/s3-process.ts
 *
 * Prints "listening <port>"; s3Settings(url) gives the variables that point a process at it.
 */
import { startLoopbackS3 } from '@hearth/server/test-support/s3-server';

const BUCKET = 'hearth-bench';

/** S3_* variables for the server at `url` (s3rver's fixed credentials, path-style addressing). */
export const s3Settings = (url: string): Record<string, string> => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: url,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

if (import.meta.filename === process.argv[1]) {
  const s3 = await startLoopbackS3(BUCKET);
  console.log(`listening ${new URL(s3.env.S3_ENDPOINT!).port}`);
  process.on('SIGTERM', () => void s3.close().then(() => process.exit(0)));
}
