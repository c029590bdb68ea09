import { z } from 'zod';

/**
 * The part of Paddle Billing's webhook payloads Hearth reads (notification `data` in snake_case, as
 * Paddle sends it). Unknown fields are ignored; unknown event types are acknowledged and skipped.
 */
const period = z.object({ starts_at: z.iso.datetime({ offset: true }), ends_at: z.iso.datetime({ offset: true }) });
const customData = z
  .object({ user_id: z.string().optional(), account_email: z.string().optional() })

  .nullable()
  .optional();
/** A subscription's items: Hearth's plan may be any of them (an add-on or a one-time charge can come first). */
const items = z
  .array(
    z.object({
      price: z.object({ id: z.string() }),
      quantity: z.number().optional(),
      status: z.string().optional(),
    }),
  )
  .min(1);

export const paddleSubscriptionSchema = z.object({
  id: z.string(),
  status: z.enum(['active', 'canceled', 'past_due', 'paused', 'trialing']),
  customer_id: z.string(),
  custom_data: customData,
  items,
  current_billing_period: period.nullable().optional(),
  scheduled_change: z
    .object({ action: z.string(), effective_at: z.string(), resume_at: z.string().nullable().optional() })
    .nullable()
    .optional(),
  paused_at: z.string().nullable().optional(),
  canceled_at: z.string().nullable().optional(),
});
export type PaddleSubscription = z.infer<typeof paddleSubscriptionSchema>;

export const paddleTransactionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer_id: z.string().nullable().optional(),
  subscription_id: z.string().nullable().optional(),
  origin: z.string().nullable().optional(),
  custom_data: customData,
  billing_period: period.nullable().optional(),
  items: z.array(z.object({ price: z.object({ id: z.string().nullable().optional() }) })).optional(),
});
export type PaddleTransaction = z.infer<typeof paddleTransactionSchema>;

const envelope = z.object({
  event_id: z.string().min(1),
  occurred_at: z.iso.datetime({ offset: true }),
  event_type: z.string(),
  data: z.unknown(),
});

/** Every subscription event Paddle Billing sends; each carries the whole subscription entity and is applied. */
export const SUBSCRIPTION_EVENTS = [
  'subscription.created',
  'subscription.imported',
  'subscription.trialing',
  'subscription.activated',
  'subscription.updated',
  'subscription.paused',
  'subscription.resumed',
  'subscription.past_due',
  'subscription.canceled',
] as const;
export const TRANSACTION_EVENTS = ['transaction.completed', 'transaction.payment_failed'] as const;

export type PaddleEvent =
  | {
      kind: 'subscription';
      eventId: string;
      eventType: (typeof SUBSCRIPTION_EVENTS)[number];
      occurredAt: Date;
      subscription: PaddleSubscription;
    }
  | {
      kind: 'transaction';
      eventId: string;
      eventType: (typeof TRANSACTION_EVENTS)[number];
      occurredAt: Date;
      transaction: PaddleTransaction;
    }
  | { kind: 'ignored'; eventId: string; eventType: string; occurredAt: Date };

export class MalformedEventError extends Error {}

/** Parses a verified webhook body; throws MalformedEventError for a body that is not a Paddle event. */
export function parsePaddleEvent(rawBody: string): PaddleEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new MalformedEventError('The body is not JSON.');
  }
  const head = envelope.safeParse(json);
  if (!head.success) throw new MalformedEventError('The body is not a Paddle notification.');
  const { event_id: eventId, event_type: eventType, data } = head.data;
  const occurredAt = new Date(head.data.occurred_at);

  if (isOneOf(eventType, SUBSCRIPTION_EVENTS)) {
    const subscription = paddleSubscriptionSchema.safeParse(data);
    if (!subscription.success) throw new MalformedEventError(`${eventType} has no usable subscription data.`);
    return { kind: 'subscription', eventId, eventType, occurredAt, subscription: subscription.data };
  }
  if (isOneOf(eventType, TRANSACTION_EVENTS)) {
    const transaction = paddleTransactionSchema.safeParse(data);
    if (!transaction.success) throw new MalformedEventError(`${eventType} has no usable transaction data.`);
    return { kind: 'transaction', eventId, eventType, occurredAt, transaction: transaction.data };
  }
  return { kind: 'ignored', eventId, eventType, occurredAt };
}

function isOneOf<T extends string>(value: string, list: readonly T[]): value is T {
  return (list as readonly string[]).includes(value);
}
