import { NotYet } from '../outbox/outbox'
import type { PaymentProvider, ProviderRefund, RefundCheck } from './payment-provider'
import type { RefundSends } from './refund-send-repository'

/**
 * How long a refund whose answer was lost is left before the acquirer's state is taken to say
 * it was not made: the lost request may still be on its way to it (decision 0141).
 */
export const UNANSWERED_REFUND_SETTLES_MS = 60_000

/**
 * Sends a refund through an acquirer that makes it again when sent again (decision 0141): one
 * refund of a payment at a time; before the first send, the payment's state is kept (`mark`);
 * a try after one whose answer was lost asks whether it was made since, and counts it if so,
 * sends it again only if it was not (and a minute has passed), and otherwise waits, never
 * guessing. Throws `NotYet` to be tried again later; an acquirer down throws as it does.
 */
export async function refundOnce(
  sends: RefundSends,
  provider: PaymentProvider & { refundCheck: RefundCheck },
  payment: { id: string; ref: string; amount: number },
  refund: { amount: number; key: string; receipt?: Parameters<PaymentProvider['refund']>[3] },
  now: () => Date,
  log?: { warn: (object: object, message: string) => void },
): Promise<ProviderRefund> {
  const send = () => provider.refund(payment.ref, refund.amount, refund.key, refund.receipt)
  const held = await sends.find(payment.id)
  if (!held) {
    const mark = await provider.refundCheck.mark(payment.ref)
    const claim = { paymentId: payment.id, refundKey: refund.key, amount: refund.amount, mark }
    if (!(await sends.claim(claim, now()))) {
      throw new NotYet(`Another refund of payment ${payment.id} is on its way to the acquirer`)
    }
    return send()
  }
  if (held.refundKey !== refund.key) {
    throw new NotYet(`Another refund of payment ${payment.id} is on its way to the acquirer`)
  }
  const seen = await provider.refundCheck.since(payment.ref, held.mark, {
    amount: held.amount,
    paid: payment.amount,
  })
  if (seen.happened === true) return { refundId: payment.ref, status: seen.status }
  if (seen.happened === 'unknown') {
    log?.warn(
      { paymentId: payment.id, refundKey: refund.key, detail: seen.detail },
      'Whether the acquirer made a refund whose answer was lost cannot be told: not sent again',
    )
    throw new NotYet(`The acquirer cannot say yet whether refund ${refund.key} was made`)
  }
  const at = now()
  if (at.getTime() - held.sentAt.getTime() < UNANSWERED_REFUND_SETTLES_MS) {
    throw new NotYet(`Refund ${refund.key} got no answer: waiting before it is sent again`)
  }
  await sends.sentAgain(payment.id, refund.key, at)
  return send()
}
