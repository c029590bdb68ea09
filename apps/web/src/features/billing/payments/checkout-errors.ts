/** Why a checkout could not open: each kind has its SPEC §8 'Checkout Error' wording. */
export type CheckoutFailureKind = 'missing-price' | 'not-ready' | 'network' | 'other';

export class CheckoutFailure extends Error {
  constructor(
    readonly kind: CheckoutFailureKind,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutFailure';
  }
}

const DESCRIPTIONS: Record<CheckoutFailureKind, string> = {
  'missing-price': 'Plan configuration error. Please contact support.',
  'not-ready': 'Payment system not ready. Please refresh and try again.',
  network: 'Network error. Please check your connection and try again.',
  other: 'Failed to open checkout. Please try again.',
};

/** fetch() rejects with a TypeError when the request never got an answer (offline, DNS, refused). */
const NETWORK_MESSAGE = /failed to fetch|networkerror|load failed|network request failed/i;

export function checkoutFailureKind(error: unknown): CheckoutFailureKind {
  if (error instanceof CheckoutFailure) return error.kind;
  if (error instanceof TypeError && NETWORK_MESSAGE.test(error.message)) return 'network';
  return 'other';
}

/** The SPEC §8 toast for a checkout that could not open. */
export function checkoutErrorToast(error: unknown) {
  return { title: 'Checkout Error', description: DESCRIPTIONS[checkoutFailureKind(error)] };
}

/** SPEC §5: checkout needs a signed-in user with an id. */
export const AUTHENTICATION_ERROR_TOAST = {
  title: 'Authentication Error',
  description: "Please refresh the page and make sure you're logged in.",
} as const;

/** SPEC §8 checkout completed, and the checkout error event. */
export const CHECKOUT_COMPLETED_TOAST = {
  title: 'Welcome to your new plan!',
  description: 'Your subscription has been activated. You can now enjoy all the features of your plan.',
} as const;

export const PAYMENT_FAILED_TOAST = {
  title: 'Payment Failed',
  description: 'There was an issue processing your payment. Please try again.',
} as const;
