import { OrderOutcome } from './order-outcome'

/** `/order/:id/success?payment=ID`: the acquirer's address for a payment that went through. */
export function OrderSuccessRoute() {
  return <OrderOutcome />
}
