import { lazy, Suspense, useEffect, useId, type ReactNode } from 'react'
import type { UseQueryResult } from '@tanstack/react-query'
import type { Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { CheckCircleIcon } from '../../../components/ui/screen-icons'
import { AlertIcon } from '../../../components/ui/status-icons'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCancelPayment } from '../api/cancel-payment'
import { billPayMessages } from '../bill-pay-messages'
import { failureMessageKey, paymentMessages } from '../payment-messages'
import { PaymentPending } from './payment-pending'
import { PaymentSummary } from './payment-summary'
import '../../../components/ui/card.css'
import '../../../components/ui/icon-disc.css'
import './bill-pay.css'

// Only a payment with a tip asks what the diner thought of the service: its words and stars load
// while it is pending, not with the bill, so the question is there when the payment goes through.
const loadTipFeedback = () => import('./tip-feedback')
const TipFeedbackPrompt = lazy(async () => ({
  default: (await loadTipFeedback()).TipFeedbackPrompt,
}))

interface BillPaymentStatusProps {
  payment: UseQueryResult<Payment>
  restaurant: Restaurant
  /** The diner is done with this payment (seen it, or wants to choose again). */
  onDismiss: () => void
}

/** This phone's bill payment as it moves: waiting, a receipt, or why it failed. */
export function BillPaymentStatus({ payment, restaurant, onDismiss }: BillPaymentStatusProps) {
  const { t } = useMessages(billPayMessages)
  const shared = useMessages(paymentMessages).t
  const cancel = useCancelPayment()
  const { data } = payment
  const tipped = (data?.tip ?? 0) > 0
  useEffect(() => {
    if (tipped) void loadTipFeedback()
  }, [tipped])
  if (!data) {
    if (payment.isError) {
      const gone = isApiError(payment.error) && [400, 404].includes(payment.error.status)
      return (
        <section className="card bill-status" data-tone="alert">
          <p className="bill-status__text">{gone ? shared('notFound') : shared('loadFailed')}</p>
          <div className="bill-status__actions">
            {gone ? null : (
              <button
                type="button"
                className={buttonClass('primary')}
                onClick={() => void payment.refetch()}
              >
                {shared('retry')}
              </button>
            )}
            <button type="button" className={buttonClass('secondary')} onClick={onDismiss}>
              {gone ? t('done') : t('tryAgain')}
            </button>
          </div>
        </section>
      )
    }
    return <PaymentPending title={shared('pending')} hint={shared('pendingHint')} />
  }
  switch (data.status) {
    case 'pending':
      // The server asked the acquirer before answering: nothing has arrived yet (issue 28).
      return (
        <PaymentPending
          title={shared('notPaidYet')}
          hint={shared('notPaidYetHint')}
          actions={
            <>
              {data.redirectUrl ? (
                <a className={buttonClass('primary', { block: true })} href={data.redirectUrl}>
                  {t('bankPage')}
                </a>
              ) : null}
              <button
                type="button"
                className={buttonClass('secondary', { block: true })}
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(data.id, { onSuccess: onDismiss })}
              >
                {shared('payAnotherWay')}
              </button>
            </>
          }
        />
      )
    case 'succeeded':
      return (
        <StatusCard tone="good" icon={<CheckCircleIcon size={32} />} title={t('paidTitle')}>
          <div className="bill-status__receipt">
            <PaymentSummary payment={data} restaurant={restaurant} />
          </div>
          {tipped ? (
            <Suspense fallback={null}>
              <TipFeedbackPrompt payment={data} />
            </Suspense>
          ) : null}
          <button type="button" className={buttonClass('secondary')} onClick={onDismiss}>
            {t('done')}
          </button>
        </StatusCard>
      )
    case 'failed':
    case 'cancelled':
    case 'refunded':
      return (
        <StatusCard tone="alert" icon={<AlertIcon size={32} />} title={shared('failed')}>
          <p className="bill-status__text">
            {shared(
              failureMessageKey(data.status === 'cancelled' ? 'cancelled' : data.failureReason),
            )}
          </p>
          <button type="button" className={buttonClass('primary')} onClick={onDismiss}>
            {t('tryAgain')}
          </button>
        </StatusCard>
      )
  }
}

/** How this phone's payment ended, announced as it changes. */
function StatusCard({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'good' | 'alert'
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section
      className="card bill-status"
      data-tone={tone}
      aria-labelledby={titleId}
      aria-live="polite"
    >
      <span className="icon-disc bill-status__icon">{icon}</span>
      <h2 id={titleId} className="bill-status__title">
        {title}
      </h2>
      {children}
    </section>
  )
}
