import { QueryClient } from '@tanstack/react-query';

/** Server data (settings, environments, later pages of results) goes through one cache. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
