import { useMutation, useQueryClient } from '@tanstack/react-query'
import { startOrderPayment, type OnlinePaymentMethod } from '@tableside/contracts/payments'
import { useApiClient } from '../../../lib/app-context'
import { paymentQueryOptions } from './get-payment'

export interface OrderPaymentStart {
  orderId: string
  method: OnlinePaymentMethod
  /** A tip for the waiter on top of what is due (minor units); none when absent. */
  tip?: number
  /** Where the fiscal receipt goes, where the restaurant sends receipts (decision 0133). */
  receiptContact?: string | undefined
  /** The signed-in diner keeps it on their profile (decision 0142). */
  keepReceiptContact?: boolean | undefined
}

/**
 * Starts paying an order online. The server hands back the order's pending payment when there
 * is one with this method (a second tap or a reload never doubles it) and cancels a pending
 * payment with the other method itself, so choosing again needs no cancel first.
 */
export function useStartOrderPayment() {
  const api = useApiClient()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      orderId,
      method,
      tip = 0,
      receiptContact,
      keepReceiptContact,
    }: OrderPaymentStart) =>
      api.callEndpoint(startOrderPayment, {
        params: { orderId },
        body: {
          method,
          ...(tip > 0 ? { tip } : {}),
          ...(receiptContact ? { receiptContact } : {}),
          ...(keepReceiptContact ? { keepReceiptContact } : {}),
        },
      }),
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQueryOptions(api, payment.id).queryKey, payment)
    },
  })
}
