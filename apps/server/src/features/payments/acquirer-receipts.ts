import { type AcquirerReceipts, FiscalRegisterUnavailable } from '../receipts/fiscal-register'
import { type PaymentProvider, ProviderUnavailable } from './payment-provider'

/** An acquirer that cannot be asked now is, to the receipts feature, a register that is down. */
async function asked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new FiscalRegisterUnavailable(error.message)
    throw error
  }
}

/**
 * The receipts feature's `AcquirerReceipts` port over the acquirer that holds each payment
 * (decisions 0141, 0147): where a receipt stands, and a refused one made again.
 */
export function acquirerReceiptsOf(
  providerOf: (paymentId: string) => Promise<PaymentProvider | undefined>,
): AcquirerReceipts {
  return {
    registration: ({ paymentId, of, providerId }) =>
      asked(async () => {
        const provider = await providerOf(paymentId)
        if (!provider?.receiptRegistration) return null
        return provider.receiptRegistration({ kind: of, id: providerId })
      }),
    create: ({ paymentId, type, acquirerRef, receiptId, generation, body }) =>
      asked(async () => {
        const provider = await providerOf(paymentId)
        if (!provider?.createReceipt) return null
        const created = await provider.createReceipt({
          type,
          of: acquirerRef,
          receiptId,
          generation,
          receipt: body,
        })
        return 'refused' in created
          ? created
          : { providerId: created.id, registration: created.registration }
      }),
  }
}
