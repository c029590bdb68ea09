import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ImageType } from '@hearth/image-engine';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

// ---- better-auth tables (keys are the field names better-auth uses) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').default(false).notNull(),
  image: text('image'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
  trialUsed: boolean('trial_used').default(false).notNull(),
  subscriptionStatus: text('subscription_status'),
  ...timestamps,
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [index('account_user_id_idx').on(table.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
);

// ---- product tables ----

/** Mail kept by the outbox transport (embedded default); never used when SMTP is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
});

/** Failed sign-ins, counted per account and per IP to throttle password guessing. */
/**
 * Sign-in attempts, reserved before the password is checked and kept only when it was wrong: one row per
 * (account, client address) pair, per client address and per account (`scope`). A pair row also remembers
 * the last successful sign-in, which makes that address one the owner is known to use.
 */
export const signInCounter = pgTable(
  'sign_in_counter',
  {
    scope: text('scope', { enum: ['account-address', 'address', 'account'] }).notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).defaultNow().notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow().notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    linkSentAt: timestamp('link_sent_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

/**
 * A period of image allowance: the trial, or one billing period of a plan. Quota is reserved
 * against it atomically (`images_used + n <= images_included`, unless overage is allowed).
 */
export const usagePeriod = pgTable(
  'usage_period',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['trial', 'paid'] }).notNull(),
    planName: text('plan_name'),
    imagesIncluded: integer('images_included').notNull(),
    imagesUsed: integer('images_used').default(0).notNull(),
    allowOverage: boolean('allow_overage').default(false).notNull(),
    /** Cents per image past the allowance, for plans that go on (docs/decisions/030). */
    overagePricePerImage: integer('overage_price_per_image'),
    /** The provider subscription a paid period belongs to. */
    providerSubscriptionId: text('provider_subscription_id'),
    /** Set once the period's overage was sent to the payment provider, so it is billed once. */
    overageBilledAt: timestamp('overage_billed_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [
    index('usage_period_user_idx').on(table.userId, table.endsAt),
    uniqueIndex('usage_period_paid_once_idx')
      .on(table.providerSubscriptionId, table.startsAt)
      .where(sql`${table.kind} = 'paid'`),
    check('usage_period_used_not_negative', sql`${table.imagesUsed} >= 0`),
  ],
);

export const project = pgTable(
  'project',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: ['uploading', 'processing', 'completed'] })
      .default('uploading')
      .notNull(),
    totalPhotos: integer('total_photos').default(0).notNull(),
    processedPhotos: integer('processed_photos').default(0).notNull(),
    completedPhotos: integer('completed_photos').default(0).notNull(),
    failedPhotos: integer('failed_photos').default(0).notNull(),
    reviewPhotos: integer('review_photos').default(0).notNull(),
    /** The project's first photo, whose thumbnail stands for it in the list (kept by the photos module). */
    coverPhotoId: uuid('cover_photo_id'),
    /** The listing the photos are for (issue 14): both optional, shown in the list and on the originals page. */
    address: text('address'),
    mlsNumber: text('mls_number'),
    /** The disclosure profile the listing follows (a catalogue kept in code, @hearth/contracts). */
    disclosureProfile: text('disclosure_profile').default('generic').notNull(),
    /**
     * 'Keep furniture consistent' (issue 13): staging a photo passes the first accepted staged version of the
     * same room as a reference image (decision 111).
     */
    keepFurnitureConsistent: boolean('keep_furniture_consistent').default(false).notNull(),
    /**
     * The unguessable token of the listing's public originals page; null while it is not published. A
     * published listing is kept past its retention date until it is unpublished.
     */
    publicToken: text('public_token'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('project_user_created_idx').on(table.userId, table.createdAt),
    index('project_expires_idx').on(table.expiresAt),
    uniqueIndex('project_public_token_idx').on(table.publicToken),
  ],
);

export const photo = pgTable(
  'photo',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => project.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** The room it shows, as the agent names it: photos of one project with the same room share furniture. */
    room: text('room'),
    imageType: text('image_type').$type<ImageType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /**
     * No longer written: the upload's hash was never read (docs/decisions/112). Nullable first, so that a process
     * of the previous version can still insert during a rolling deploy; a later migration drops it.
     */
    sha256: text('sha256'),
    width: integer('width'),
    height: integer('height'),
    originalKey: text('original_key').notNull(),
    /** The original decoded, upright and stripped of metadata, as a JPEG any browser can show. */
    previewKey: text('preview_key'),
    enhancedKey: text('enhanced_key'),
    thumbnailKey: text('thumbnail_key'),
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'failed'] })
      .default('waiting')
      .notNull(),
    templateId: text('template_id'),
    templateName: text('template_name'),
    customPrompt: text('custom_prompt'),
    prompt: text('prompt'),
    engine: text('engine'),
    operations: jsonb('operations').$type<string[]>().default([]).notNull(),
    notes: jsonb('notes').$type<string[]>().default([]).notNull(),
    /** The generative call that made the result, when one did (null for the local engine). */
    provider: text('provider'),
    model: text('model'),
    providerRequestId: text('provider_request_id'),
    /** Wall time of the successful provider call. */
    providerDurationMs: integer('provider_duration_ms'),
    /** Provider calls made, including the successful one (each may have been billed). */
    providerAttempts: integer('provider_attempts'),
    /** Tokens and price as the provider reported them (or as computed from its published prices). */
    providerUsage: jsonb('provider_usage').$type<{ inputTokens?: number; outputTokens?: number; costUsd?: number }>(),
    needsReview: boolean('needs_review').default(false).notNull(),
    reviewReason: text('review_reason'),
    error: text('error'),
    /** The version downloads and the ZIP use: set by the agent, or to the first version that completed. */
    chosenVersionId: uuid('chosen_version_id'),
    style: text('style'),
    versionCount: integer('version_count').default(0).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('photo_project_idx').on(table.projectId, table.createdAt),
    index('photo_user_idx').on(table.userId),
  ],
);

/**
 * Every result made from a photo, in order (issue 12). A version is one image against the quota: reserved
 * when it is asked for, given back once if it fails. The photo's own result columns mirror its chosen version
 * (or its newest, before one is chosen), kept in step by the photos module in the same transaction.
 */
/**
 * An original being stored for a photo that has no row yet (issue 15). Written before the bytes go to storage
 * and removed in the transaction that creates the photo (or when the file is refused): a row that outlives its
 * upload marks an original a killed process left behind, which retention removes.
 */
export const uploadInFlight = pgTable(
  'upload_in_flight',
  {
    photoId: uuid('photo_id').primaryKey(),
    userId: text('user_id').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index('upload_in_flight_created_idx').on(table.createdAt)],
);

export const photoVersion = pgTable(
  'photo_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photo.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status', { enum: ['waiting', 'processing', 'completed', 'failed'] })
      .default('waiting')
      .notNull(),
    templateId: text('template_id'),
    templateName: text('template_name'),
    style: text('style'),
    customPrompt: text('custom_prompt'),
    prompt: text('prompt'),
    engine: text('engine'),
    operations: jsonb('operations').$type<string[]>().default([]).notNull(),
    notes: jsonb('notes').$type<string[]>().default([]).notNull(),
    width: integer('width'),
    height: integer('height'),
    provider: text('provider'),
    model: text('model'),
    providerRequestId: text('provider_request_id'),
    providerDurationMs: integer('provider_duration_ms'),
    providerAttempts: integer('provider_attempts'),
    providerUsage: jsonb('provider_usage').$type<{ inputTokens?: number; outputTokens?: number; costUsd?: number }>(),
    /**
     * The sizes of the provider call: sent, asked for (null when the model takes only a shape), answered, and
     * the original's, which the result was fitted to. Vendors may answer smaller than asked without saying so.
     */
    providerResolution: jsonb('provider_resolution').$type<{
      sent: { width: number; height: number };
      requested: { width: number; height: number } | null;
      returned: { width: number; height: number };
      original: { width: number; height: number };
    }>(),
    needsReview: boolean('needs_review').default(false).notNull(),
    reviewReason: text('review_reason'),
    error: text('error'),
    /** The version of another photo of the same room sent to the provider as a furniture reference (decision 111). */
    referenceVersionId: uuid('reference_version_id'),
    attempts: integer('attempts').default(0).notNull(),
    /**
     * The `photo.enhance` job that owns this version now (the version's id for the first one). Stalled-version
     * recovery asks the queue about this job, so it never queues a second job while one is still pending.
     */
    jobId: uuid('job_id'),
    usagePeriodId: uuid('usage_period_id').references(() => usagePeriod.id, { onDelete: 'set null' }),
    /** Set once when a failed version gives its image back, so a refund never happens twice. */
    quotaReturned: boolean('quota_returned').default(false).notNull(),
    resultKey: text('result_key'),
    thumbnailKey: text('thumbnail_key'),
    /**
     * An area edit (issue 13): the version it edited, and its painted area (a PNG in storage). The base is a
     * version of the same photo, deleted with it; set null if it ever went first.
     */
    baseVersionId: uuid('base_version_id').references((): AnyPgColumn => photoVersion.id, { onDelete: 'set null' }),
    maskKey: text('mask_key'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('photo_version_number_idx').on(table.photoId, table.number),
    index('photo_version_pending_idx').on(table.status, table.updatedAt),
  ],
);

/**
 * A paid subscription as the payment provider (Paddle, or the local payment sandbox) last reported it,
 * one row per provider subscription. Only the webhook handler writes it.
 */
export const subscription = pgTable(
  'subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paddle', 'local-sandbox'] }).notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    providerCustomerId: text('provider_customer_id').notNull(),
    planId: text('plan_id', { enum: ['starter', 'pro', 'elite'] }).notNull(),
    status: text('status', { enum: ['active', 'past_due', 'canceled', 'paused', 'trialing'] }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').default(false).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** occurred_at of the newest event applied: an older event never overwrites a newer state. */
    stateAsOf: timestamp('state_as_of', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('subscription_user_idx').on(table.userId, table.stateAsOf)],
);

/** Every payment webhook event seen, by its id: each is applied once however often it is delivered. */
export const billingEvent = pgTable('billing_event', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  providerSubscriptionId: text('provider_subscription_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).defaultNow().notNull(),
});

/**
 * The local payment sandbox's own books (the part Paddle keeps on its side in production): what was
 * bought at its checkout, and what its customer portal changed. Used only while no Paddle key is set.
 */
export const paymentSandboxSubscription = pgTable('payment_sandbox_subscription', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  priceId: text('price_id').notNull(),
  status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').default(false).notNull(),
  /** Set from the sandbox portal so the next renewal fails and past_due can be tried. */
  failNextRenewal: boolean('fail_next_renewal').default(false).notNull(),
  ...timestamps,
});

/**
 * The shared images-per-minute schedule of each generative provider (infrastructure/ai-providers/rate-limit.ts): every
 * worker reserves its call's start here, so all of them together respect one limit.
 */
export const aiRateLimits = pgTable('ai_rate_limits', {
  key: text('key').primaryKey(),
  /** The earliest moment (milliseconds since the epoch, database clock) the next call may start. */
  nextSlotMs: bigint('next_slot_ms', { mode: 'number' }).notNull(),
});

/**
 * The open live-update streams (`GET /api/sse/subscriptions`) of every API process, so the per-user cap holds
 * across processes (modules/events). A process renews its streams' leases while they are open; a stream whose
 * process died stops counting once its lease runs out.
 */
export const eventStream = pgTable(
  'event_stream',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).defaultNow().notNull(),
    /** Database clock: the stream stops counting after this unless its process renews it. */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('event_stream_user_idx').on(table.userId),
    index('event_stream_lease_idx').on(table.leaseExpiresAt),
  ],
);
