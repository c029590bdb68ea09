import { postSandboxAction, useSandboxAction } from './sandbox-action';

/** Moves the subscription to its next period now, as the end of the month would. */
export const renewSandboxSubscriptionNow = () => postSandboxAction('/api/payment-sandbox/renew-now');

export const useRenewSandboxSubscriptionNow = () => useSandboxAction<void>(renewSandboxSubscriptionNow);
