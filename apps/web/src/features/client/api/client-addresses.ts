import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  addClientAddress,
  deleteClientAddress,
  listClientAddresses,
} from '@tableside/contracts/client'
import type { DeliveryAddress } from '@tableside/contracts/orders'
import { useApiClient } from '../../../lib/app-context'
import { clientQueryKey } from './client-me'

const addressesKey = [...clientQueryKey, 'addresses'] as const

export function useClientAddresses(enabled: boolean) {
  const api = useApiClient()
  return useQuery({
    queryKey: addressesKey,
    queryFn: ({ signal }) => api.callEndpoint(listClientAddresses, { signal }),
    enabled,
  })
}

export function useAddAddress() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (address: DeliveryAddress) => api.callEndpoint(addClientAddress, { body: address }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  })
}

export function useDeleteAddress() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (addressId: string) =>
      api.callEndpoint(deleteClientAddress, { params: { addressId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: addressesKey }),
  })
}
