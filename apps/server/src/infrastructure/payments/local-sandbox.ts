import { createHash, randomUUID } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentSandboxSubscription } from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import { signPaddleBody } from './paddle-signature';
import type { OverageCharge, PaymentGateway } from './payment-gateway';

type SandboxRow = typeof paymentSandboxSubscription.$inferSelect;

/** Posts a signed webhook body to Hearth's own webhook route, exactly as Paddle would. */
export type DeliverWebhook = (rawBody: string, signature: string) => Promise<void>;

interface SandboxDeps {
  db: Db;
  webhookSecret: string;
  deliver: DeliverWebhook;
  /** Where the sandbox customer portal lives in the web app. */
  portalUrl: string;
  now?: () => Date;
}

/** What a simulated renewal did, and the period the subscription is in afterwards. */
export interface RenewalOutcome {
  outcome: 'renewed' | 'payment_failed' | 'ended';
  periodStart: Date;
  periodEnd: Date;
}

export interface SandboxCustomer {
  userId: string;
  email: string;
}

/**
 * The local payment sandbox: the embedded default for payments. It keeps its own books (the part Paddle
 * keeps in production) and reports every change as Paddle-format events signed with the webhook secret,
 * which go through the same verification and handling as Paddle's. No money moves.
 */
export function createLocalSandbox({ db, webhookSecret, deliver, portalUrl, now = () => new Date() }: SandboxDeps) {
  const emit = async (eventType: string, data: unknown) => {
    const body = JSON.stringify({
      event_id: `evt_local_${randomUUID()}`,
      event_type: eventType,
      occurred_at: now().toISOString(),
      notification_id: `ntf_local_${randomUUID()}`,
      data,
    });
    await deliver(body, signPaddleBody(body, webhookSecret, now()));
  };

  const load = async (userId: string, subscriptionId?: string) => {
    const [row] = await db
      .select()
      .from(paymentSandboxSubscription)
      .where(
        and(
          eq(paymentSandboxSubscription.userId, userId),
          subscriptionId
            ? eq(paymentSandboxSubscription.id, subscriptionId)
            : ne(paymentSandboxSubscription.status, 'canceled'),
        ),
      );
    if (!row) throw notFound('No sandbox subscription found.');
    return row;
  };

  const save = async (row: SandboxRow, changes: Partial<SandboxRow>) => {
    const [updated] = await db
      .update(paymentSandboxSubscription)
      .set({ ...changes, updatedAt: now() })
      .where(eq(paymentSandboxSubscription.id, row.id))
      .returning();
    return updated!;
  };

  const announce = (row: SandboxRow, eventType: string) => emit(eventType, subscriptionData(row));

  const chargePeriod = (row: SandboxRow, origin: 'web' | 'subscription_recurring') =>
    emit('transaction.completed', transactionData(row, origin, 'completed'));

  const sandbox = {
    /** The checkout: a new subscription to `priceId`, paid at once. */
    async checkout(customer: SandboxCustomer, priceId: string) {
      const existing = await db
        .select({ id: paymentSandboxSubscription.id })
        .from(paymentSandboxSubscription)
        .where(
          and(
            eq(paymentSandboxSubscription.userId, customer.userId),
            ne(paymentSandboxSubscription.status, 'canceled'),
          ),
        );
      if (existing.length > 0) {
        throw new HttpError(
          409,
          'You already have a subscription. Use the customer portal to change it.',
          'HAS_SUBSCRIPTION',
        );
      }
      const start = now();
      const [row] = await db
        .insert(paymentSandboxSubscription)
        .values({
          id: `sub_local_${randomUUID()}`,
          customerId: `ctm_local_${createHash('sha256').update(customer.userId).digest('hex').slice(0, 24)}`,
          userId: customer.userId,
          email: customer.email,
          priceId,
          status: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: addMonths(start, 1),
        })
        .returning();
      await announce(row!, 'subscription.created');
      await chargePeriod(row!, 'web');
      return { subscriptionId: row!.id };
    },

    async current(userId: string) {
      return load(userId).catch(() => null);
    },

    async cancelAtPeriodEnd(userId: string, subscriptionId?: string) {
      const row = await save(await load(userId, subscriptionId), { cancelAtPeriodEnd: true });
      await announce(row, 'subscription.updated');
    },

    async resume(userId: string, subscriptionId?: string) {
      const row = await save(await load(userId, subscriptionId), { cancelAtPeriodEnd: false });
      await announce(row, 'subscription.updated');
    },

    async changePlan(userId: string, priceId: string, subscriptionId?: string) {
      const row = await save(await load(userId, subscriptionId), { priceId });
      await announce(row, 'subscription.updated');
    },

    async setFailNextRenewal(userId: string, fail: boolean) {
      await save(await load(userId), { failNextRenewal: fail });
    },

    /**
     * Brings the end of the current period forward to now, as if the month were over: the subscription
     * ends if a cancellation was scheduled; otherwise the next one-month period starts now and is paid, or,
     * if the next renewal was set to fail, starts unpaid with the subscription past due (as Paddle moves
     * a subscription into its next period even when the renewal payment fails). Says which happened.
     */
    async renewNow(userId: string): Promise<RenewalOutcome> {
      const row = await load(userId);
      if (row.cancelAtPeriodEnd) {
        // Paddle clears the scheduled change once it has taken effect.
        const ended = await save(row, { status: 'canceled', cancelAtPeriodEnd: false, currentPeriodEnd: now() });
        await announce(ended, 'subscription.canceled');
        return { outcome: 'ended', periodStart: ended.currentPeriodStart, periodEnd: ended.currentPeriodEnd };
      }
      const start = now();
      const next = { currentPeriodStart: start, currentPeriodEnd: addMonths(start, 1) };
      if (row.failNextRenewal) {
        const failed = await save(row, { ...next, status: 'past_due', failNextRenewal: false });
        await emit('transaction.payment_failed', transactionData(failed, 'subscription_recurring', 'past_due'));
        await announce(failed, 'subscription.past_due');
        return {
          outcome: 'payment_failed',
          periodStart: failed.currentPeriodStart,
          periodEnd: failed.currentPeriodEnd,
        };
      }
      const renewed = await save(row, { ...next, status: 'active' });
      await chargePeriod(renewed, 'subscription_recurring');
      await announce(renewed, 'subscription.updated');
      return { outcome: 'renewed', periodStart: renewed.currentPeriodStart, periodEnd: renewed.currentPeriodEnd };
    },

    /** Settles a failed renewal, as updating the card in Paddle's portal would. */
    async payNow(userId: string) {
      const row = await load(userId);
      if (row.status !== 'past_due') throw new HttpError(409, 'Nothing is due on this subscription.', 'NOTHING_DUE');
      const paid = await save(row, { status: 'active' });
      await chargePeriod(paid, 'subscription_recurring');
      await announce(paid, 'subscription.updated');
    },

    /** The same operations as Paddle's API, for the billing service. */
    gateway(): PaymentGateway {
      const owner = async (subscriptionId: string) => {
        const [row] = await db
          .select()
          .from(paymentSandboxSubscription)
          .where(eq(paymentSandboxSubscription.id, subscriptionId));
        if (!row) throw notFound('No sandbox subscription found.');
        return row.userId;
      };
      return {
        kind: 'local-sandbox',
        createPortalUrl: async () => portalUrl,
        cancelAtPeriodEnd: async (id) => sandbox.cancelAtPeriodEnd(await owner(id), id),
        reactivate: async (id) => sandbox.resume(await owner(id), id),
        changePlan: async (id, priceId) => sandbox.changePlan(await owner(id), priceId, id),
        chargeOverage: async (id, charge: OverageCharge) => {
          const row = await load(await owner(id), id);
          await emit('transaction.completed', {
            ...transactionData(row, 'subscription_charge', 'completed'),
            details: charge,
          });
        },
      };
    },
  };
  return sandbox;
}

export type LocalSandbox = ReturnType<typeof createLocalSandbox>;

/** A Paddle `subscription` entity (the fields Paddle sends that Hearth and its tests read). */
function subscriptionData(row: SandboxRow) {
  return {
    id: row.id,
    status: row.status,
    customer_id: row.customerId,
    custom_data: { user_id: row.userId, account_email: row.email },
    items: [{ price: { id: row.priceId }, quantity: 1, status: 'active' }],
    current_billing_period: {
      starts_at: row.currentPeriodStart.toISOString(),
      ends_at: row.currentPeriodEnd.toISOString(),
    },
    scheduled_change: row.cancelAtPeriodEnd
      ? { action: 'cancel', effective_at: row.currentPeriodEnd.toISOString(), resume_at: null }
      : null,
    billing_cycle: { interval: 'month', frequency: 1 },
    collection_mode: 'automatic',
    currency_code: 'USD',
  };
}

/** A Paddle `transaction` entity for a period's payment. */
function transactionData(row: SandboxRow, origin: string, status: string) {
  return {
    id: `txn_local_${randomUUID()}`,
    status,
    origin,
    customer_id: row.customerId,
    subscription_id: row.id,
    custom_data: { user_id: row.userId, account_email: row.email },
    billing_period: {
      starts_at: row.currentPeriodStart.toISOString(),
      ends_at: row.currentPeriodEnd.toISOString(),
    },
    items: [{ price: { id: row.priceId }, quantity: 1 }],
    currency_code: 'USD',
  };
}
