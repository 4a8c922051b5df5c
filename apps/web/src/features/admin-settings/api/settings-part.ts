import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../../lib/api-client'
import { useApiClient } from '../../../lib/app-context'

/**
 * A part of the settings saved on its own (the profile, the acquirer, the receipts), as stored:
 * read again at most every half minute while its section is open.
 */
export function useSettingsPart<Stored>(
  queryKey: readonly string[],
  read: (api: ApiClient, signal: AbortSignal) => Promise<Stored>,
) {
  const api = useApiClient()
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => read(api, signal),
    staleTime: 30_000,
  })
}

/**
 * Saves such a part; the answer is what the server kept, and the section starts over from it.
 * `alsoStale`: another section that shows something of this part, read again after the save.
 */
export function useSaveSettingsPart<Body, Stored>({
  queryKey,
  mutationKey,
  save,
  alsoStale,
}: {
  queryKey: readonly string[]
  /** 'admin' first: a 401 ends the back office's session (features/staff/api/staff-session.ts). */
  mutationKey: readonly string[]
  save: (api: ApiClient, body: Body) => Promise<Stored>
  alsoStale?: readonly string[]
}) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey,
    mutationFn: (body: Body) => save(api, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved)
      if (alsoStale) void queryClient.invalidateQueries({ queryKey: alsoStale })
    },
  })
}
