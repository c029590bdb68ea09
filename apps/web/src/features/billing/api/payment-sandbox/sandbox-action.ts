import { billingMessageSchema } from '@hearth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { billingQueryKeys } from '../query-keys';

/** Every portal action answers `{ message }`; posts one and parses the answer. */
export const postSandboxAction = (path: string, json?: unknown) =>
  apiRequest(path, billingMessageSchema, { method: 'POST', ...(json === undefined ? {} : { json }) });

/** A portal action as a mutation that refreshes the sandbox's books and the billing status afterwards. */
export function useSandboxAction<Input>(mutationFn: (input: Input) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingQueryKeys.all }),
  });
}
