import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { billingEnvSchema, resolveBillingConfig, type BillingConfig } from './infrastructure/payments/config';
import type { SignInLimits } from './modules/auth/sign-in-throttle';
import { SERVER_PACKAGE_DIR } from './paths';
import { aiEnvShape, AiConfigError, resolveAiConfig, type AiConfig } from './infrastructure/ai-providers/config';
import {
  resolveStorageConfig,
  StorageConfigError,
  storageEnvShape,
  type StorageConfig,
} from './infrastructure/storage/config';

const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The whole environment, parsed once at boot. */
const envSchema = billingEnvSchema
  .extend(aiEnvShape)
  .extend(storageEnvShape)
  .extend({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Unset: loopback only outside production (the dev outbox and sandbox stay on this machine), all interfaces in it. */
    HOST: z.preprocess(emptyToUndefined, z.string().optional()),
    APP_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
    TRUSTED_ORIGINS: z.string().optional(),
    SMTP_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    MAIL_FROM: z.string().default('Hearth <no-reply@hearth.local>'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json'], { error: 'must be auto, pretty or json' }).default('auto'),
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(16, 'must be at least 16 characters: it guards the metrics')
        .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces: it is sent in an HTTP header')
        .optional(),
    ),
    SIGNIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
    SIGNIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
    SIGNIN_FREE_FAILURES_PER_ADDRESS: z.coerce
      .number({ error: 'must be a whole number of failed sign-ins' })
      .int('must be a whole number of failed sign-ins')
      .min(1, 'must allow at least 1 failed sign-in before the waits start')
      .max(100, 'must be at most 100: more free guesses from one address defeat the waits')
      .default(5),
    WEB_DIST_DIR: z.string().optional(),
    ROLE: z.enum(['all', 'api', 'worker']).default('all'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
    RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    ENHANCE_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(5).default(300),
    ENHANCE_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(2),
    QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    STALL_CHECK_SECONDS: z.coerce.number().int().min(1).default(60),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(5),
    ENHANCEMENT_ENGINE: z.enum(['local', 'ai']).default('local'),
    REQUEST_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, 'must be at least 1 second')
      .max(300, 'must be at most 300 seconds')
      .default(10),
    SESSION_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(0, 'must be 0 (no cache) or more')
      .max(60, 'must be at most 60 seconds: it is how late a sign-out elsewhere may reach this process')
      .default(10),
    UPLOAD_IDLE_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .min(1, 'must be at least 1 second')
      .max(3600, 'must be at most 3600 seconds')
      .default(60),
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Local files under DATA_DIR/files, or an S3-compatible bucket once S3_BUCKET is set. */
  storage: StorageConfig;
  authSecret: string;
  trustedOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: Env['LOG_LEVEL'];
  /** `auto`: readable lines when stdout is a terminal, JSON otherwise. */
  logFormat: Env['LOG_FORMAT'];
  /** The bearer token of `GET /metrics`; unset, there are no metrics (404). */
  metricsToken: string | undefined;
  signInThrottle: SignInLimits;
  webDistDir: string;
  /** How long a resolved session is reused without asking the database (0: never); docs/decisions/081. */
  sessionCacheMs: number;
  role: Env['ROLE'];
  runsWorkers: boolean;
  workerConcurrency: number;
  retentionDays: number;
  queue: {
    enhanceExpireSeconds: number;
    enhanceRetryLimit: number;
    pollingIntervalSeconds: number;
    maintenanceIntervalSeconds: number;
    shutdownGraceSeconds: number;
  };
  stallCheckSeconds: number;
  /** Paddle when PADDLE_ variables are set, else the local payment sandbox. */
  billing: BillingConfig;
  /** The generative providers, in the order they are tried; none configured turns staging off. */
  ai: AiConfig;
  /**
   * Who runs the enhancement-only templates (Professional Enhancement, Blue Sky, Perfect Lawn): the local
   * engine (full resolution, free) or, when set to 'ai' and a provider is configured, the provider.
   */
  enhancementEngine: Env['ENHANCEMENT_ENGINE'];
  /** How long a request may take to send its headers, and then its body unless it is an upload. */
  requestTimeoutMs: number;
  /** An upload ends when no byte of it arrives for this long; it has no total limit. */
  uploadIdleTimeoutMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);
  const host = env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const appUrl = (env.APP_URL ?? defaultAppUrl(host, env.PORT)).replace(/\/$/, '');
  if (isProduction && !env.AUTH_SECRET) {
    throw new ConfigError('Invalid environment:\n  AUTH_SECRET: required in production (at least 32 characters)');
  }
  const authSecret = env.AUTH_SECRET ?? localAuthSecret(dataDir);
  const billing = resolveBillingConfig(env, authSecret);
  if (!billing.config)
    throw new ConfigError(`Invalid environment:\n${billing.problems.map((p) => `  ${p}`).join('\n')}`);
  const ai = aiConfigOf(env);
  const storage = storageConfigOf(env, dataDir);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host,
    appUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    storage,
    authSecret,
    trustedOrigins: [
      ...new Set([
        appUrl,
        ...splitList(env.TRUSTED_ORIGINS),
        ...(isProduction ? [] : loopbackOriginsOf(appUrl, env.PORT)),
      ]),
    ],
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    signInThrottle: {
      freeFailuresPerAccountAddress: env.SIGNIN_FREE_FAILURES_PER_ADDRESS,
      maxFailuresPerAccountPerHour: env.SIGNIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIpPer15Min: env.SIGNIN_MAX_FAILURES_PER_IP,
    },
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(SERVER_PACKAGE_DIR, '../web/dist')),
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    role: env.ROLE,
    runsWorkers: env.ROLE !== 'api',
    workerConcurrency: env.WORKER_CONCURRENCY,
    retentionDays: env.RETENTION_DAYS,
    queue: {
      enhanceExpireSeconds: env.ENHANCE_JOB_EXPIRE_SECONDS,
      enhanceRetryLimit: env.ENHANCE_RETRY_LIMIT,
      pollingIntervalSeconds: env.QUEUE_POLL_SECONDS,
      maintenanceIntervalSeconds: env.QUEUE_MAINTENANCE_SECONDS,
      shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    },
    stallCheckSeconds: env.STALL_CHECK_SECONDS,
    billing: billing.config,
    ai,
    enhancementEngine: env.ENHANCEMENT_ENGINE,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    uploadIdleTimeoutMs: env.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
  };
}

function aiConfigOf(env: Env): AiConfig {
  try {
    return resolveAiConfig(env);
  } catch (error) {
    if (error instanceof AiConfigError) throw new ConfigError(`Invalid environment:\n  ${error.message}`);
    throw error;
  }
}

function storageConfigOf(env: Env, dataDir: string): StorageConfig {
  try {
    return resolveStorageConfig(env, dataDir);
  } catch (error) {
    if (error instanceof StorageConfigError) throw new ConfigError(`Invalid environment:\n  ${error.message}`);
    throw error;
  }
}

const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Where a browser on this machine reaches the server when APP_URL is not set: localhost when the server listens
 * on every interface or on loopback, else the one address it listens on.
 */
function defaultAppUrl(host: string, port: number): string {
  if (WILDCARD_HOSTS.has(host) || isLoopbackHostname(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

function isLoopbackHostname(hostname: string): boolean {
  return LOOPBACK_HOSTNAMES.includes(hostname) || hostname === '::1' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * Outside production the server's own origin is trusted in every loopback spelling (localhost, 127.0.0.1, [::1]):
 * on the port it listens on, and on APP_URL's port when APP_URL is itself a loopback address. Browsers treat
 * them as different origins although they reach the same server, and the logs print more than one of them.
 */
function loopbackOriginsOf(appUrl: string, port: number): string[] {
  const app = new URL(appUrl);
  const targets = [{ protocol: 'http:', port: String(port) }];
  if (isLoopbackHostname(app.hostname)) targets.push({ protocol: app.protocol, port: app.port });
  return targets.flatMap(({ protocol, port }) =>
    LOOPBACK_HOSTNAMES.map((hostname) => `${protocol}//${hostname}${port ? `:${port}` : ''}`),
  );
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Outside production a secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function localAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
