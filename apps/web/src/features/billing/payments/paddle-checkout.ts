import {
  initializePaddle,
  type CheckoutOpenOptions,
  type Environments,
  type Paddle,
  type PaddleEventData,
} from '@paddle/paddle-js';
import { CheckoutFailure } from './checkout-errors';
import type { CheckoutCallbacks, CheckoutCustomer, PurchasablePlan } from './checkout-types';

/*
 * The only file that imports Paddle.js. The loader fetches Paddle.js from Paddle's CDN (SPEC §7: "loaded
 * from a public content network"), initialises it once with the client-side token, and opens the overlay.
 */

export interface PaddleSettings {
  environment: Environments;
  clientToken: string;
}

export interface PaddleCheckoutRequest {
  plan: PurchasablePlan;
  customer: CheckoutCustomer;
  /** Where Paddle sends the browser after payment: `${origin}/billing?success=true`. */
  successUrl: string;
}

/**
 * The Checkout.open options of SPEC §7: one item of quantity 1, the customer's email, custom data user_id and
 * account_email, one-page overlay, no logout. Paddle Billing's checkout cannot prefill a customer name (its
 * `customer` takes an id or email plus address and business only), so the name, when both parts exist,
 * travels in custom data as `customer_name` and lands on the transaction and subscription for support.
 */
export function paddleCheckoutOptions({ plan, customer, successUrl }: PaddleCheckoutRequest): CheckoutOpenOptions {
  const fullName = customer.firstName && customer.lastName ? `${customer.firstName} ${customer.lastName}` : null;
  return {
    items: [{ priceId: plan.paddlePriceId, quantity: 1 }],
    customer: { email: customer.email },
    customData: {
      user_id: customer.id,
      account_email: customer.email,
      ...(fullName ? { customer_name: fullName } : {}),
    },
    settings: { displayMode: 'overlay', variant: 'one-page', allowLogout: false, successUrl },
  };
}

export type PaddleOutcome = keyof CheckoutCallbacks;

/** The checkout events Hearth acts on: completed, failed (error or a refused payment), closed. */
export function paddleEventOutcome(event: PaddleEventData): PaddleOutcome | null {
  switch (event.name) {
    case 'checkout.completed':
      return 'onCompleted';
    case 'checkout.error':
    case 'checkout.payment.failed':
      return 'onPaymentFailed';
    case 'checkout.closed':
      return 'onClosed';
    default:
      return null;
  }
}

// Paddle takes one event callback at initialisation; it forwards to the checkout that is open now.
let activeCallbacks: CheckoutCallbacks | null = null;
let loaded: { key: string; paddle: Promise<Paddle> } | null = null;

function dispatch(event: PaddleEventData) {
  const outcome = paddleEventOutcome(event);
  if (outcome && activeCallbacks) activeCallbacks[outcome]();
  if (outcome === 'onCompleted' || outcome === 'onClosed') activeCallbacks = null;
}

async function load({ environment, clientToken }: PaddleSettings): Promise<Paddle> {
  let paddle: Paddle | undefined;
  try {
    paddle = await initializePaddle({ environment, token: clientToken, eventCallback: dispatch });
  } catch {
    // The script never arrived: the CDN could not be reached.
    throw new CheckoutFailure('network', 'Failed to load Paddle script');
  }
  if (!paddle?.Initialized) throw new CheckoutFailure('not-ready', 'Paddle script loaded but object not available');
  return paddle;
}

/** Paddle, loaded and initialised once per environment and token; a failed load is tried again next time. */
function paddleFor(settings: PaddleSettings): Promise<Paddle> {
  const key = `${settings.environment}:${settings.clientToken}`;
  if (loaded?.key !== key) {
    const paddle = load(settings);
    loaded = { key, paddle };
    paddle.catch(() => {
      if (loaded?.paddle === paddle) loaded = null;
    });
  }
  return loaded.paddle;
}

/** Opens Paddle's overlay checkout; rejects with a CheckoutFailure when Paddle cannot be used. */
export async function openPaddleCheckout(
  settings: PaddleSettings,
  request: PaddleCheckoutRequest,
  callbacks: CheckoutCallbacks,
): Promise<void> {
  const paddle = await paddleFor(settings);
  activeCallbacks = callbacks;
  try {
    paddle.Checkout.open(paddleCheckoutOptions(request));
  } catch (error) {
    activeCallbacks = null;
    throw error;
  }
}
