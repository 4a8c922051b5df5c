import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getBonusCard, getBonusProgram, registerBonusCard } from '@tableside/contracts/bonus'
import { isApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { clientQueryKey } from './client-me'

export const bonusCardKey = (restaurantId: string) =>
  [...clientQueryKey, 'bonus-card', restaurantId] as const

/** The restaurant's programme, or null when it has none. */
export function useBonusProgram(restaurantId: string, { enabled = true } = {}) {
  const api = useApiClient()
  return useQuery({
    enabled,
    queryKey: ['bonus-program', restaurantId],
    queryFn: async ({ signal }) => {
      try {
        return await api.callEndpoint(getBonusProgram, { params: { restaurantId }, signal })
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null
        throw error
      }
    },
    staleTime: 10 * 60_000,
  })
}

/** The diner's card at the restaurant, or null when they have none yet. */
export function useBonusCard(restaurantId: string, { enabled = true } = {}) {
  const api = useApiClient()
  return useQuery({
    enabled,
    queryKey: bonusCardKey(restaurantId),
    queryFn: async ({ signal }) =>
      (await api.callEndpoint(getBonusCard, { query: { restaurantId }, signal })).card,
    staleTime: 30_000,
  })
}

export function useRegisterBonusCard(restaurantId: string) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      api.callEndpoint(registerBonusCard, { body: { restaurantId, acceptRules: true } }),
    onSuccess: (card) => queryClient.setQueryData(bonusCardKey(restaurantId), card),
  })
}
