import { QueryClient } from '@tanstack/react-query';

/** Spec section 4 "Query cache defaults": 5 minutes fresh, no refetch on focus, no retries. */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: 5 * 60 * 1000,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
