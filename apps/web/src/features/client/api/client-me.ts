import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  clientLogout,
  clientLogoutAll,
  deleteClientMe,
  getClientMe,
  updateClientMe,
  type ClientProfile,
} from '@tableside/contracts/client'
import type { EndpointBody } from '@tableside/contracts/endpoint'
import type { ApiClient } from '../../../lib/api-client'
import { isApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { forgetProfileToken, saveProfileToken, useProfileToken } from '../profile-session-store'

export const clientQueryKey = ['client'] as const
export const clientMeQueryKey = [...clientQueryKey, 'me'] as const

export function clientMeQueryOptions(api: ApiClient, token: string | undefined) {
  return queryOptions({
    queryKey: [...clientMeQueryKey, token ?? null],
    queryFn: async ({ signal }): Promise<ClientProfile | null> => {
      if (!token) return null
      try {
        const { sessionExpiresAt, ...me } = await api.callEndpoint(getClientMe, { signal })
        // The session slid on (never past its absolute end): so does the cookie.
        saveProfileToken(token, sessionExpiresAt)
        return me
      } catch (error) {
        if (isApiError(error) && error.status === 401) {
          forgetProfileToken()
          return null
        }
        throw error
      }
    },
    staleTime: 60_000,
  })
}

/** The signed-in diner, or null when this browser holds no (working) profile token. */
export function useClientMe() {
  const api = useApiClient()
  const token = useProfileToken()
  return useQuery(clientMeQueryOptions(api, token))
}

export function useUpdateClientMe() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: EndpointBody<typeof updateClientMe>) =>
      api.callEndpoint(updateClientMe, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMeQueryKey }),
  })
}

/** Sign out here, everywhere, or delete the profile: each ends with no token on this device. */
export function useClientSignOut() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (how: 'here' | 'everywhere' | 'delete') => {
      if (how === 'here') await api.callEndpoint(clientLogout, {})
      else if (how === 'everywhere') await api.callEndpoint(clientLogoutAll, {})
      else await api.callEndpoint(deleteClientMe, {})
    },
    onSuccess: () => {
      forgetProfileToken()
      queryClient.removeQueries({ queryKey: clientQueryKey })
    },
  })
}
