import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  getFiscalSettings,
  listFailedReceipts,
  retryReceipt,
  updateFiscalSettings,
  type FiscalSettingsBody,
} from '@tableside/contracts/receipts'
import { useApiClient } from '../../../lib/app-context'
import { useSaveSettingsPart, useSettingsPart } from './settings-part'

export const fiscalSettingsKey = ['admin', 'fiscal-settings'] as const
export const failedReceiptsKey = ['admin', 'failed-receipts'] as const

/** How the restaurant sends its 54-FZ receipts (decision 0134); the АТОЛ password only as "…1234". */
export function useFiscalSettings() {
  return useSettingsPart(fiscalSettingsKey, (api, signal) =>
    api.callEndpoint(getFiscalSettings, { signal }),
  )
}

export function useSaveFiscalSettings() {
  return useSaveSettingsPart({
    queryKey: fiscalSettingsKey,
    mutationKey: ['admin', 'save-fiscal-settings'],
    save: (api, body: FiscalSettingsBody) => api.callEndpoint(updateFiscalSettings, { body }),
  })
}

/** Payments and refunds whose receipt failed, newest first; looked at again every half minute. */
export function useFailedReceipts() {
  const api = useApiClient()
  return useQuery({
    queryKey: failedReceiptsKey,
    queryFn: ({ signal }) => api.callEndpoint(listFailedReceipts, { signal }),
    refetchInterval: 30_000,
  })
}

/** Sends a failed receipt again; the list is read again either way. */
export function useRetryReceipt() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['admin', 'retry-receipt'],
    mutationFn: (receiptId: string) => api.callEndpoint(retryReceipt, { params: { receiptId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedReceiptsKey }),
  })
}
