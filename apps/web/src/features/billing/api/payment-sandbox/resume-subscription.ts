import { postSandboxAction, useSandboxAction } from './sandbox-action';

export const resumeSandboxSubscription = () => postSandboxAction('/api/payment-sandbox/resume');

export const useResumeSandboxSubscription = () => useSandboxAction<void>(resumeSandboxSubscription);
