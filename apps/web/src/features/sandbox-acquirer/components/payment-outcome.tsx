import { useCallback, useEffect, useId } from 'react'
import type { SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { CheckCircleIcon } from '../../../components/ui/screen-icons'
import { useMessages } from '../../../lib/i18n/use-translation'
import { sandboxMessages } from '../sandbox-messages'
import { BackToShop } from './back-to-shop'
import { CrossCircleIcon } from './bank-icons'
import '../../../components/ui/icon-disc.css'

/** Long enough to read the outcome, short enough not to wait on it. */
export const RETURN_DELAY_MS = 1_200

type FinalState = Exclude<SandboxPayment['state'], 'awaiting_payment' | 'awaiting_3ds'>

const textOf = (state: FinalState) =>
  state === 'succeeded' ? 'succeededText' : state === 'refunded' ? 'refundedText' : 'overText'

/**
 * A decided payment. Decided while this page watched, it sends the browser back to the shop
 * by itself; opened again later, it says what happened and offers the way back.
 */
export function PaymentOutcome({
  payment,
  state,
  returning,
}: {
  payment: SandboxPayment
  state: FinalState
  returning: boolean
}) {
  const { t } = useMessages(sandboxMessages)
  const titleId = useId()
  const focusTitle = useCallback((title: HTMLHeadingElement | null) => title?.focus(), [])
  const { returnUrl } = payment
  useEffect(() => {
    if (!returning || returnUrl === null) return undefined
    const timer = setTimeout(() => window.location.assign(returnUrl), RETURN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [returning, returnUrl])
  const good = state === 'succeeded'
  return (
    <section
      className="bank-panel bank-outcome"
      data-tone={good ? 'good' : 'bad'}
      aria-labelledby={titleId}
    >
      <span className="icon-disc bank-outcome__icon">
        {good ? <CheckCircleIcon size={40} /> : <CrossCircleIcon size={40} />}
      </span>
      <h2 id={titleId} className="bank-panel__title" tabIndex={-1} ref={focusTitle}>
        {t(state)}
      </h2>
      {returning && returnUrl !== null ? (
        <p className="bank-outcome__returning" role="status">
          <span className="bank-spinner" aria-hidden="true" />
          {t('returning')}
        </p>
      ) : (
        <>
          <p className="bank-panel__text">{t(textOf(state))}</p>
          <BackToShop href={returnUrl} className="bank-btn bank-btn--primary" />
        </>
      )}
    </section>
  )
}
