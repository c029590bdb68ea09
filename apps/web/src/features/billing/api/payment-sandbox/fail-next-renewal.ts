import { postSandboxAction, useSandboxAction } from './sandbox-action';

export const setSandboxFailNextRenewal = (fail: boolean) =>
  postSandboxAction('/api/payment-sandbox/fail-next-renewal', { fail });

export const useSetSandboxFailNextRenewal = () => useSandboxAction(setSandboxFailNextRenewal);
