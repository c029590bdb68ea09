import path from 'node:path';
import { z } from 'zod';

/**
 * The object storage variables, as a fragment of config.ts's schema (`envSchema.extend(storageEnvShape)`), and
 * how they pick the storage: local files under DATA_DIR/files (the embedded default) or an S3-compatible bucket
 * once S3_BUCKET is set (AWS, MinIO, Cloudflare R2, Tigris, …).
 */

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

/** S3's own rule for bucket names, which the compatible services follow too. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export const storageEnvShape = {
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(BUCKET_NAME, 'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens')
      .optional(),
  ),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be the http(s) address of the S3 API, e.g. https://<account>.r2.cloudflarestorage.com',
      })
      .optional(),
  ),
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (value) => (typeof value === 'string' ? emptyToUndefined(value.trim().toLowerCase()) : value),
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  ),
};

export type StorageEnv = z.infer<z.ZodObject<typeof storageEnvShape>>;

export interface S3Settings {
  bucket: string;
  /** Undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`https://host/bucket/key`) instead of the host name: MinIO and most self-hosted servers. */
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default chain (AWS_ variables, the instance or task role, ~/.aws). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3Settings);

export class StorageConfigError extends Error {}

/** Regions AWS uses when a compatible server ignores it (MinIO) or wants any valid one (R2 takes 'auto' too). */
const DEFAULT_REGION_WITH_ENDPOINT = 'us-east-1';

export function resolveStorageConfig(env: StorageEnv, dataDir: string): StorageConfig {
  const problems: string[] = [];
  const s3Variables = (Object.keys(storageEnvShape) as (keyof StorageEnv)[]).filter((name) => env[name] !== undefined);
  if (!env.S3_BUCKET) {
    if (s3Variables.length) {
      problems.push(`S3_BUCKET: required with ${s3Variables.join(', ')}: the name of the bucket that holds the photos`);
    }
    throwIfAny(problems);
    return { kind: 'local', dir: path.join(dataDir, 'files') };
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    problems.push(
      `${missing}: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither to use the AWS default credentials`,
    );
  }
  if (!env.S3_REGION && !env.S3_ENDPOINT) {
    problems.push(
      'S3_REGION: required for AWS S3 (e.g. eu-west-1); or set S3_ENDPOINT for another S3-compatible service',
    );
  }
  throwIfAny(problems);
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION ?? DEFAULT_REGION_WITH_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

function throwIfAny(problems: string[]) {
  if (problems.length) throw new StorageConfigError(problems.join('\n  '));
}

/** For logs and messages: where the photos live, without any secret. */
export function describeStorage(config: StorageConfig): string {
  if (config.kind === 'local') return `local files in ${config.dir}`;
  return `S3 bucket ${config.bucket} at ${config.endpoint ?? `AWS ${config.region}`}`;
}
