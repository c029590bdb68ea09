/**
 * Callbacks a screen passes to a mutation hook. They run on the mutation itself, so they still fire
 * when the screen unmounts mid-flight (for example when signing in swaps the route).
 */
export interface MutationCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
}
