import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { getSandboxPayment, type SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { sandboxClient } from './sandbox-client'

/**
 * While a payment waits, the page looks again now and then, as a bank's page does: the time
 * may run out, or the shop may cancel it. An SBP answer would also arrive this way.
 */
export const SANDBOX_POLL_MS = 3_000

export const isAwaiting = (payment: SandboxPayment) =>
  payment.state === 'awaiting_payment' || payment.state === 'awaiting_3ds'

export function sandboxPaymentQueryOptions(ref: string) {
  return queryOptions({
    queryKey: ['sandbox-acquirer', 'payments', ref],
    queryFn: ({ signal }) =>
      sandboxClient.callEndpoint(getSandboxPayment, { params: { ref }, signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && isAwaiting(query.state.data) ? SANDBOX_POLL_MS : false,
  })
}

/**
 * The page's route loader: the payment before the page draws, and the language the shop asked
 * for it (the diner's in the app), which the whole page, frame and all, then speaks.
 */
export function sandboxPaymentLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs): Promise<SandboxPageData> => {
    // An unknown payment or a failed call is the page's to show, not the router's.
    const payment = await queryClient
      .query(sandboxPaymentQueryOptions(params.ref ?? ''))
      .catch(() => undefined)
    return { language: payment?.language }
  }
}

export interface SandboxPageData {
  language: UiLanguage | undefined
}

export function useSandboxPayment(ref: string) {
  return useQuery(sandboxPaymentQueryOptions(ref))
}

/** Every step answers with the payment as it now is. */
export function keepSandboxPayment(queryClient: QueryClient, payment: SandboxPayment) {
  queryClient.setQueryData(sandboxPaymentQueryOptions(payment.ref).queryKey, payment)
}

/** A step the bank refused because the payment moved on: show it as it is now. */
export function refreshSandboxPayment(queryClient: QueryClient, ref: string) {
  return queryClient.invalidateQueries({ queryKey: sandboxPaymentQueryOptions(ref).queryKey })
}
