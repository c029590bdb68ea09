/** Every billing query key, so mutations and refetch schedules name the same keys the hooks use. */
export const billingQueryKeys = {
  all: ['billing'] as const,
  status: ['billing', 'status'] as const,
  plans: ['billing', 'plans'] as const,
  paymentConfig: ['billing', 'payment-config'] as const,
  sandboxSubscription: ['billing', 'payment-sandbox', 'subscription'] as const,
};
