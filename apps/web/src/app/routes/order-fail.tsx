import { OrderOutcome } from './order-outcome'

/**
 * `/order/:id/fail?payment=ID`: the acquirer's address for a payment that did not go through.
 * The screen shows what the payment really is, as Success does (see `OrderOutcome`).
 */
export function OrderFailRoute() {
  return <OrderOutcome />
}
