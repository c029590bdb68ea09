import type { PlanName } from '@hearth/contracts';
import { postSandboxAction, useSandboxAction } from './sandbox-action';

export const changeSandboxPlan = (planName: PlanName) =>
  postSandboxAction('/api/payment-sandbox/change-plan', { planName });

export const useChangeSandboxPlan = () => useSandboxAction(changeSandboxPlan);
