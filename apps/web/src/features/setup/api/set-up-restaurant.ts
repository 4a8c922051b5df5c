import { useMutation, useQueryClient } from '@tanstack/react-query'
import { setUpRestaurant, type SetupBody } from '@tableside/contracts/setup'
import { useApiClient } from '../../../lib/app-context'
import { directoryKey } from './restaurant-directory'

/** The first restaurant and its manager, signed in (decision 0115). */
export function useSetUpRestaurant() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SetupBody) => api.callEndpoint(setUpRestaurant, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: directoryKey }),
  })
}
