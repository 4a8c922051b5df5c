import { useState } from 'react'
import { useParams } from 'react-router'
import type { SandboxPayment } from '@tableside/contracts/sandbox-acquirer'
import { useRuntimeConfig } from '../../../lib/app-context'
import { formatPrice } from '../../../lib/format-price'
import { notFound } from '../../../lib/http-status-error'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { isAwaiting, useSandboxPayment } from '../api/get-sandbox-payment'
import { sandboxMessages } from '../sandbox-messages'
import { BackToShop } from './back-to-shop'
import { CrossCircleIcon, LockIcon, ShieldIcon } from './bank-icons'
import { CardForm } from './card-form'
import { PaymentOutcome } from './payment-outcome'
import { SbpPanel } from './sbp-panel'
import { ThreeDsStep } from './three-ds-step'
import { TimeLeft } from './time-left'
import '../../../components/ui/icon-disc.css'
import './sandbox-acquirer.css'

/**
 * `/sandbox-acquirer/pay/:ref` where the sandbox is the payment provider (the runtime config's
 * `testPayments`, decision 0032); elsewhere there is no such page.
 */
export function SandboxPaymentRoute() {
  if (!useRuntimeConfig().testPayments) throw notFound()
  return <SandboxPaymentPage />
}

/**
 * `/sandbox-acquirer/pay/:ref`: the built-in sandbox acquirer's hosted page (DESIGN §6). It is
 * the bank's page, not the restaurant's: its own look and words, its own API client, none of
 * the diner's tokens.
 */
export function SandboxPaymentPage() {
  const { ref = '' } = useParams()
  const { t } = useMessages(sandboxMessages)
  const payment = useSandboxPayment(ref)
  return (
    <div className="bank">
      <header className="bank__bar">
        <span className="bank__brand">
          <span className="bank__logo">
            <LockIcon size={18} />
          </span>
          {t('bank')}
        </span>
        <span className="bank__secure">
          <ShieldIcon size={16} />
          {t('securePayment')}
        </span>
      </header>
      <p className="bank__sandbox">{t('badge')}</p>
      <main className="bank__main">
        {payment.data ? (
          <PaymentView payment={payment.data} />
        ) : payment.isError ? (
          <Problem
            title={
              isApiError(payment.error) && [400, 404].includes(payment.error.status)
                ? 'unknown'
                : 'failed'
            }
            onRetry={() => void payment.refetch()}
          />
        ) : (
          <p className="bank__loading" role="status">
            <span className="bank-spinner" aria-hidden="true" />
            {t('loading')}
          </p>
        )}
      </main>
      <footer className="bank__footer">
        <LockIcon size={16} />
        {t('secure')}
      </footer>
    </div>
  )
}

function Problem({ title, onRetry }: { title: 'unknown' | 'failed'; onRetry: () => void }) {
  const { t } = useMessages(sandboxMessages)
  return (
    <section className="bank-panel bank-outcome" data-tone="bad">
      <title>{t('bank')}</title>
      <span className="icon-disc bank-outcome__icon">
        <CrossCircleIcon size={40} />
      </span>
      <h1 className="bank-panel__title">{t(`${title}Title`)}</h1>
      <p className="bank-panel__text">{t(`${title}Text`)}</p>
      {title === 'failed' ? (
        <button type="button" className="bank-btn bank-btn--primary" onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
      <BackToShop href={null} className="bank-btn bank-btn--quiet" />
    </section>
  )
}

function PaymentView({ payment }: { payment: SandboxPayment }) {
  const { t } = useMessages(sandboxMessages)
  const awaiting = isAwaiting(payment)
  // A payment this page saw waiting and then decided goes back to the shop by itself.
  const [watched, setWatched] = useState(awaiting)
  if (awaiting && !watched) setWatched(true)
  // As the shop's app writes it ("1 144 ₽"), in either language.
  const amount = formatPrice(payment.amount, { locale: payment.locale, currency: payment.currency })
  const step =
    payment.state === 'awaiting_payment' ? (
      payment.method === 'card' ? (
        <CardForm payment={payment} amount={amount} />
      ) : (
        <SbpPanel payment={payment} />
      )
    ) : payment.state === 'awaiting_3ds' ? (
      <ThreeDsStep payment={payment} />
    ) : (
      <PaymentOutcome payment={payment} state={payment.state} returning={watched} />
    )
  return (
    <>
      <title>{t('pageTitle', { merchant: payment.merchant })}</title>
      <section className="bank-summary" aria-label={t('paymentTo')}>
        <p className="bank-summary__to">{t('paymentTo')}</p>
        <h1 className="bank-summary__merchant">{payment.merchant}</h1>
        <p className="bank-summary__description">{payment.description}</p>
        <p className="bank-summary__amount">
          <span className="visually-hidden">{t('amount')}: </span>
          {amount}
        </p>
        {awaiting ? <TimeLeft paymentRef={payment.ref} expiresAt={payment.expiresAt} /> : null}
      </section>
      {step}
      {awaiting ? <BackToShop href={payment.shopUrl} className="bank__back" /> : null}
    </>
  )
}
