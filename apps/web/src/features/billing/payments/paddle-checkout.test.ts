import type { Paddle, PaddleEventData } from '@paddle/paddle-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutFailure } from './checkout-errors';
import type { CheckoutCallbacks, CheckoutCustomer, PurchasablePlan } from './checkout-types';

const initializePaddle = vi.hoisted(() => vi.fn());
vi.mock('@paddle/paddle-js', () => ({ initializePaddle }));

const { openPaddleCheckout, paddleCheckoutOptions, paddleEventOutcome } = await import('./paddle-checkout');

const plan: PurchasablePlan = {
  id: 'pro',
  name: 'Pro',
  paddlePriceId: 'pri_01pro',
  amount: 9900,
  currency: 'usd',
  imagesIncluded: 400,
  retentionPeriodDays: 30,
  isPopular: true,
  overagePricePerImage: 30,
  features: [],
};
const customer: CheckoutCustomer = { id: 'user-1', email: 'avery@example.com', firstName: 'Avery', lastName: 'Agent' };
const successUrl = 'https://hearth.test/billing?success=true';
const settings = { environment: 'sandbox' as const, clientToken: 'test_token_123' };

function fakePaddle(initialized = true) {
  const open = vi.fn();
  return { paddle: { Initialized: initialized, Checkout: { open } } as unknown as Paddle, open };
}

const callbacks = (): CheckoutCallbacks & Record<string, ReturnType<typeof vi.fn>> => ({
  onCompleted: vi.fn(),
  onPaymentFailed: vi.fn(),
  onClosed: vi.fn(),
});

describe('paddleCheckoutOptions (SPEC §7 overlay checkout)', () => {
  it('opens one item of quantity 1 for the customer, one-page, no logout, back to /billing?success=true', () => {
    expect(paddleCheckoutOptions({ plan, customer, successUrl })).toEqual({
      items: [{ priceId: 'pri_01pro', quantity: 1 }],
      customer: { email: 'avery@example.com' },
      customData: { user_id: 'user-1', account_email: 'avery@example.com', customer_name: 'Avery Agent' },
      settings: { displayMode: 'overlay', variant: 'one-page', allowLogout: false, successUrl },
    });
  });

  it('carries the name only when both parts exist', () => {
    for (const names of [
      { firstName: 'Avery', lastName: null },
      { firstName: null, lastName: 'Agent' },
      { firstName: null, lastName: null },
    ]) {
      expect(paddleCheckoutOptions({ plan, customer: { ...customer, ...names }, successUrl }).customData).toEqual({
        user_id: 'user-1',
        account_email: 'avery@example.com',
      });
    }
  });
});

describe('paddleEventOutcome', () => {
  it('maps completed, error and payment failure, and close; ignores the rest', () => {
    const outcome = (name: string) => paddleEventOutcome({ name } as PaddleEventData);
    expect(outcome('checkout.completed')).toBe('onCompleted');
    expect(outcome('checkout.error')).toBe('onPaymentFailed');
    expect(outcome('checkout.payment.failed')).toBe('onPaymentFailed');
    expect(outcome('checkout.closed')).toBe('onClosed');
    expect(outcome('checkout.loaded')).toBeNull();
    expect(paddleEventOutcome({} as PaddleEventData)).toBeNull();
  });
});

describe('openPaddleCheckout', () => {
  beforeEach(() => initializePaddle.mockReset());

  it('initialises Paddle with the environment and token once, opens the overlay, and forwards its events', async () => {
    const { paddle, open } = fakePaddle();
    initializePaddle.mockResolvedValue(paddle);
    const first = callbacks();
    await openPaddleCheckout(settings, { plan, customer, successUrl }, first);
    expect(initializePaddle).toHaveBeenCalledTimes(1);
    expect(initializePaddle).toHaveBeenCalledWith(
      expect.objectContaining({ environment: 'sandbox', token: 'test_token_123', eventCallback: expect.any(Function) }),
    );
    expect(open).toHaveBeenCalledWith(paddleCheckoutOptions({ plan, customer, successUrl }));

    const emit = initializePaddle.mock.calls[0]![0].eventCallback as (event: PaddleEventData) => void;
    emit({ name: 'checkout.loaded' } as PaddleEventData);
    emit({ name: 'checkout.error' } as PaddleEventData);
    expect(first.onPaymentFailed).toHaveBeenCalledTimes(1);
    emit({ name: 'checkout.completed' } as PaddleEventData);
    expect(first.onCompleted).toHaveBeenCalledTimes(1);
    // The checkout is over: later events belong to no one.
    emit({ name: 'checkout.closed' } as PaddleEventData);
    expect(first.onClosed).not.toHaveBeenCalled();

    const second = callbacks();
    await openPaddleCheckout(settings, { plan, customer, successUrl }, second);
    expect(initializePaddle).toHaveBeenCalledTimes(1);
    emit({ name: 'checkout.closed' } as PaddleEventData);
    expect(second.onClosed).toHaveBeenCalledTimes(1);
    expect(first.onClosed).not.toHaveBeenCalled();
  });

  it('reports a script that never loads as a network failure, and tries again next time', async () => {
    const otherSettings = { environment: 'production' as const, clientToken: 'live_token_456' };
    initializePaddle.mockRejectedValueOnce(new Error('Failed to load Paddle.js - v1'));
    const failure = openPaddleCheckout(otherSettings, { plan, customer, successUrl }, callbacks());
    await expect(failure).rejects.toEqual(new CheckoutFailure('network', 'Failed to load Paddle script'));
    await expect(failure).rejects.toMatchObject({ kind: 'network' });

    const { paddle, open } = fakePaddle();
    initializePaddle.mockResolvedValueOnce(paddle);
    await openPaddleCheckout(otherSettings, { plan, customer, successUrl }, callbacks());
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('reports a Paddle that loaded but did not initialise as not ready', async () => {
    initializePaddle.mockResolvedValueOnce(fakePaddle(false).paddle);
    await expect(
      openPaddleCheckout(
        { environment: 'sandbox', clientToken: 'bad_token_789' },
        { plan, customer, successUrl },
        callbacks(),
      ),
    ).rejects.toMatchObject({ kind: 'not-ready', message: 'Paddle script loaded but object not available' });
    initializePaddle.mockResolvedValueOnce(undefined);
    await expect(
      openPaddleCheckout(
        { environment: 'sandbox', clientToken: 'no_paddle_000' },
        { plan, customer, successUrl },
        callbacks(),
      ),
    ).rejects.toMatchObject({ kind: 'not-ready' });
  });
});
