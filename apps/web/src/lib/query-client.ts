import { QueryClient } from '@tanstack/react-query';

/** SPEC §7 default read behaviour: no automatic retry, no refetch on focus, cached data never goes stale. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
    },
    mutations: {
      retry: false,
    },
  },
});
