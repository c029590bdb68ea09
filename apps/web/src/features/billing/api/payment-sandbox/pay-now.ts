import { postSandboxAction, useSandboxAction } from './sandbox-action';

/** Settles a failed renewal, as updating the card in Paddle's portal would. */
export const paySandboxBalanceNow = () => postSandboxAction('/api/payment-sandbox/pay-now');

export const usePaySandboxBalanceNow = () => useSandboxAction<void>(paySandboxBalanceNow);
