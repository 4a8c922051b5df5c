import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  checkPaymentAccount,
  getPaymentAccount,
  updatePaymentAccount,
  type PaymentAccountBody,
} from '@tableside/contracts/admin-payments'
import { useApiClient } from '../../../lib/app-context'
import { settingsKey } from './get-settings'

export const paymentAccountKey = ['admin', 'payment-account'] as const

/** The restaurant's acquirer as configured (decision 0121); the secret only as "set, …1234". */
export function usePaymentAccount() {
  const api = useApiClient()
  return useQuery({
    queryKey: paymentAccountKey,
    queryFn: ({ signal }) => api.callEndpoint(getPaymentAccount, { signal }),
    staleTime: 30_000,
  })
}

/** Saves the acquirer; the settings' "online payment" hint depends on it, so they are read again. */
export function useSavePaymentAccount() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'save-payment-account'],
    mutationFn: (body: PaymentAccountBody) => api.callEndpoint(updatePaymentAccount, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(paymentAccountKey, saved)
      void queryClient.invalidateQueries({ queryKey: settingsKey })
    },
  })
}

/** "Проверить подключение": the acquirer asked with the stored account. */
export function useCheckPaymentAccount() {
  const api = useApiClient()
  return useMutation({
    mutationKey: ['admin', 'check-payment-account'],
    mutationFn: () => api.callEndpoint(checkPaymentAccount, {}),
  })
}
