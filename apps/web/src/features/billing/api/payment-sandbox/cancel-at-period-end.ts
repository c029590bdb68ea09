import { postSandboxAction, useSandboxAction } from './sandbox-action';

export const cancelSandboxSubscription = () => postSandboxAction('/api/payment-sandbox/cancel');

export const useCancelSandboxSubscription = () => useSandboxAction<void>(cancelSandboxSubscription);
