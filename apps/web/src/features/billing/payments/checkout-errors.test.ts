import { describe, expect, it } from 'vitest';
import { CheckoutFailure, checkoutErrorToast } from './checkout-errors';

describe('checkoutErrorToast (SPEC §8 Checkout Error)', () => {
  it('words each cause as SPEC does', () => {
    expect(checkoutErrorToast(new CheckoutFailure('missing-price', 'x'))).toEqual({
      title: 'Checkout Error',
      description: 'Plan configuration error. Please contact support.',
    });
    expect(checkoutErrorToast(new CheckoutFailure('not-ready', 'x')).description).toBe(
      'Payment system not ready. Please refresh and try again.',
    );
    expect(checkoutErrorToast(new TypeError('Failed to fetch')).description).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(checkoutErrorToast(new TypeError('Failed to fetch dynamically imported module: x.js')).description).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(checkoutErrorToast(new Error('500: boom')).description).toBe('Failed to open checkout. Please try again.');
    expect(checkoutErrorToast(new TypeError('x is not a function')).description).toBe(
      'Failed to open checkout. Please try again.',
    );
  });
});
