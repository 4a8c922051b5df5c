import { QueryClient } from '@tanstack/react-query'

/**
 * Mobile defaults: data stays fresh for 30 s so moving between tabs does not refetch, and is
 * refreshed when the diner comes back to the app. Queries are not retried here: the API
 * client already retries a GET once (spec §7), and a second layer would multiply requests.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 10 * 60_000,
        retry: false,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  })
}
