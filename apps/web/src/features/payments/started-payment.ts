/**
 * The payment this tab last started, kept under one key per order or per table session, so that
 * coming back (a reload, the back button from the bank's page) shows it still under way instead
 * of a fresh form. Per tab (sessionStorage): every phone at the table has its own.
 */
function startedPayments(prefix: string) {
  const keyOf = (id: string) => `${prefix}.${id}`
  return {
    get(id: string): string | undefined {
      try {
        return sessionStorage.getItem(keyOf(id)) ?? undefined
      } catch {
        return undefined
      }
    },
    remember(id: string, paymentId: string): void {
      try {
        sessionStorage.setItem(keyOf(id), paymentId)
      } catch {
        // Private mode or a full storage: the bank's way back still names the payment, and a
        // new start of the same order gets the same payment.
      }
    },
    forget(id: string): void {
      try {
        sessionStorage.removeItem(keyOf(id))
      } catch {
        // Nothing was kept.
      }
    },
  }
}

/** By order id: the order's Pay screen. */
export const startedOrderPayments = startedPayments('tableside.order-payment')

/** By table session id: the bill's "Pay online" panel. */
export const startedBillPayments = startedPayments('tableside.bill-payment')
