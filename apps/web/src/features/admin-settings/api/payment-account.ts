import { useMutation } from '@tanstack/react-query'
import {
  checkPaymentAccount,
  getPaymentAccount,
  updatePaymentAccount,
  type PaymentAccountBody,
} from '@tableside/contracts/admin-payments'
import { useApiClient } from '../../../lib/app-context'
import { settingsKey } from './get-settings'
import { useSaveSettingsPart, useSettingsPart } from './settings-part'

export const paymentAccountKey = ['admin', 'payment-account'] as const

/** The restaurant's acquirer as configured (decision 0121); the secret only as "set, …1234". */
export function usePaymentAccount() {
  return useSettingsPart(paymentAccountKey, (api, signal) =>
    api.callEndpoint(getPaymentAccount, { signal }),
  )
}

/** Saves the acquirer; the settings' "online payment" hint depends on it, so they are read again. */
export function useSavePaymentAccount() {
  return useSaveSettingsPart({
    queryKey: paymentAccountKey,
    mutationKey: ['admin', 'save-payment-account'],
    save: (api, body: PaymentAccountBody) => api.callEndpoint(updatePaymentAccount, { body }),
    alsoStale: settingsKey,
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
