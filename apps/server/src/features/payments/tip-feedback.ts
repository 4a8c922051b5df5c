import type { Kysely } from 'kysely'
import { garconTipRated } from '@tableside/contracts/garcon-tips'
import type { TipFeedback } from '@tableside/contracts/payments'
import { garconChannel } from '@tableside/contracts/table-events'
import type { Database } from '../../db/schema'
import { HttpError, notFound } from '../../http/http-error'
import { publishEntry, type Outbox } from '../outbox/outbox'
import type { PaymentRepository } from './payment-repository'
import { UNKNOWN_PAYMENT } from './payment-settlement'

export interface TipFeedbackDeps {
  db: Kysely<Database>
  repository: PaymentRepository
  outbox: Outbox
}

/**
 * The diner's word on the service, left on the tip of a bill payment they made (decision
 * 0048): the payment id, which only the paying phone holds, is the capability. Once per tip;
 * the same words sent again (a retry) answer as the first time. The tip's waiter hears it on
 * their channel, from the outbox, once it is written.
 */
export function createTipFeedback({ db, repository, outbox }: TipFeedbackDeps) {
  return async function leave(
    paymentId: string,
    input: { rating: number; comment?: string | undefined },
  ): Promise<TipFeedback> {
    const comment = input.comment ? input.comment : null
    const feedback = await db.transaction().execute(async (trx) => {
      const payment = await repository.find(paymentId, trx, true)
      if (!payment) throw notFound(UNKNOWN_PAYMENT)
      if (payment.status !== 'succeeded') {
        throw new HttpError(
          409,
          'payment_not_succeeded',
          'Feedback is left on a payment that went through; this one did not.',
        )
      }
      const tip = payment.tip > 0 ? await repository.tipOf(paymentId, trx) : undefined
      if (!tip) {
        throw new HttpError(409, 'no_tip', 'This payment carries no tip to leave feedback on.')
      }
      if (tip.rating !== null) {
        if (tip.rating === input.rating && tip.comment === comment) {
          return { rating: tip.rating, comment: tip.comment }
        }
        throw new HttpError(
          409,
          'feedback_already_left',
          'Feedback on this tip was already left; it cannot be changed.',
        )
      }
      // The tip is locked: nothing rated it since it was read.
      await repository.rateTip(tip.id, input.rating, comment, trx)
      if (tip.waiterId) {
        await outbox.add(
          [
            publishEntry(garconChannel(tip.waiterId), garconTipRated, {
              id: tip.id,
              rating: input.rating,
              comment,
            }),
          ],
          trx,
        )
      }
      return { rating: input.rating, comment }
    })
    void outbox.kick()
    return feedback
  }
}
