import { useState, type SyntheticEvent } from 'react'
import type { OrderReceipt } from '@tableside/contracts/receipts'
import { REFUND_CHASE_DAYS, REFUND_CHASE_MS, type OrderDetail } from '@tableside/contracts/refunds'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paidWithText } from '../../../lib/paid-with-words'
import { dateLocale, restaurantClock, restaurantWhen } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useAdminOrder, useOrderAction, type OrderAction } from '../api/admin-order'
import { orderPanelMessages as messages } from '../order-panel-messages'
import { takenOffNow } from '../taken-off-now'
import './order-panel.css'

type Mode = 'part' | 'amount' | 'comp' | 'cancel'

/**
 * An order opened from the live view (issue 28, decision 0119): its dishes, payments, tips,
 * points, refunds and history, and what a manager may do with it: refund dishes or an amount,
 * make dishes free, refund a tip, cancel it (asking about the tip), always with a reason.
 */
export function OrderPanel({
  orderId,
  restaurant,
  onClose,
}: {
  orderId: string
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  onClose: () => void
}) {
  const { t, language } = useMessages(messages)
  const order = useAdminOrder(orderId)
  const detail = order.data
  return (
    <AdminDialog
      title={detail ? t('title', { number: detail.order.number }) : t('loading')}
      closeLabel={t('close')}
      onClose={onClose}
    >
      {detail ? (
        <OrderBody detail={detail} restaurant={restaurant} language={language} />
      ) : order.isError ? (
        <p role="alert">{t('loadFailed')}</p>
      ) : (
        <p>{t('loading')}</p>
      )}
    </AdminDialog>
  )
}

function OrderBody({
  detail,
  restaurant,
  language,
}: {
  detail: OrderDetail
  restaurant: Pick<Restaurant, 'locale' | 'currency' | 'timezone'>
  language: 'ru' | 'en'
}) {
  const { t } = useMessages(messages)
  const whyFailed = useStaffErrorText()
  const price = (minor: number) => formatPrice(minor, restaurant)
  // When the panel opened: a refund waiting for the bank since long before is to chase.
  const [openedAt] = useState(() => Date.now())
  const clock = (at: string) => restaurantClock(at, restaurant.timezone, dateLocale(language))
  // A refund of another day says which (one the bank holds for days, decision 0140).
  const when = (at: string) => {
    const { time, date } = restaurantWhen(at, restaurant.timezone, dateLocale(language), openedAt)
    return date === undefined ? time : `${date}, ${time}`
  }
  const { order } = detail
  const action = useOrderAction(order.id)
  const receiptLine = (receipt: OrderReceipt | undefined) =>
    receipt ? (
      <span className="order-panel__receipt" data-state={receipt.state}>
        {t(receipt.kind === 'sell' ? 'receipt' : 'receiptRefund', {
          total: price(receipt.total),
          contact: receipt.contact,
          state:
            receipt.state === 'sent'
              ? t(
                  receipt.via === 'atol'
                    ? 'receipt_sent_atol'
                    : receipt.kind === 'sell'
                      ? 'receipt_sent_acquirer'
                      : 'receipt_sent_acquirer_refund',
                )
              : t(`receipt_${receipt.state}`),
        })}
        {receipt.state === 'failed' && receipt.error
          ? t('receiptWhy', { error: receipt.error })
          : ''}
        {receipt.state === 'failed' && receipt.via === 'atol' ? ` ${t('receiptFailedHint')}` : ''}
      </span>
    ) : null
  const [mode, setMode] = useState<Mode>('part')
  const [quantities, setQuantities] = useState<Record<number, number>>({})
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [refundTip, setRefundTip] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const cancelled = order.status === 'cancelled'
  const takenOff = takenOffNow(detail)
  // How it was actually paid, from its payments (issue 28).
  const paidWith = paidWithText(order.paidWith, order.type, language)

  const run = (what: OrderAction) => {
    setProblem(null)
    action.mutate(what, {
      onSuccess: () => {
        setQuantities({})
        setAmount('')
        setReason('')
      },
      onError: (error) => setProblem(t('failed', { message: whyFailed(error) })),
    })
  }

  const submit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault()
    const why = reason.trim()
    if (!why) {
      setProblem(t('needReason'))
      return
    }
    if (mode === 'cancel') {
      run({ kind: 'cancel', body: { reason: why, refundTip } })
      return
    }
    if (mode === 'amount') {
      const minor = Math.round(Number(amount.replace(',', '.')) * 100)
      if (!Number.isFinite(minor) || minor <= 0) {
        setProblem(t('needAmount'))
        return
      }
      run({ kind: 'refund', body: { kind: 'part', amount: minor, reason: why } })
      return
    }
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([line, quantity]) => ({ line: Number(line), quantity }))
    if (lines.length === 0) {
      setProblem(t('needLines'))
      return
    }
    run({
      kind: 'refund',
      body: { kind: mode === 'comp' ? 'comp' : 'part', lines, reason: why },
    })
  }

  return (
    <div className="order-panel">
      <p className="order-panel__sums">
        <span>
          {t('total')}: <strong>{price(order.totals.total)}</strong>
        </span>
        <span>
          {t('paid')}: <strong>{price(order.paidAmount)}</strong> ·{' '}
          {t(`pay_${order.paymentStatus}`)}
          {paidWith ? ` · ${paidWith}` : ''}
        </span>
        {takenOff > 0 ? (
          <span>
            {t('takenOff')}: <strong>{price(takenOff)}</strong>
          </span>
        ) : null}
      </p>

      <section aria-label={t('lines')}>
        <h3 className="order-panel__heading">{t('lines')}</h3>
        <ul className="order-panel__list order-panel__list--dishes">
          {order.lines.map((line, index) => {
            const left = line.quantity - (line.refundedQuantity ?? 0) - (line.compedQuantity ?? 0)
            return (
              <li key={index} className="order-panel__line order-panel__line--dish">
                <span className={left === 0 ? 'order-panel__gone' : undefined}>
                  {localized(line.name, language)} × {line.quantity} · {price(line.lineTotal)}
                </span>
                {line.refundedQuantity ? (
                  <span className="order-panel__note">
                    {t('refundedShort', { count: line.refundedQuantity })}
                  </span>
                ) : null}
                {line.compedQuantity ? (
                  <span className="order-panel__note">
                    {t('compedShort', { count: line.compedQuantity })}
                  </span>
                ) : null}
                {!cancelled && (mode === 'part' || mode === 'comp') && left > 0 ? (
                  <label className="order-panel__quantity">
                    <span className="visually-hidden">
                      {t('quantityOf', { name: localized(line.name, language) })}
                    </span>
                    <input
                      type="number"
                      min={0}
                      max={left}
                      value={quantities[index] ?? 0}
                      onChange={(event) =>
                        setQuantities({
                          ...quantities,
                          [index]: Math.max(0, Math.min(left, Number(event.target.value) || 0)),
                        })
                      }
                    />
                    <span>{t('left', { count: left })}</span>
                  </label>
                ) : null}
              </li>
            )
          })}
        </ul>
      </section>

      <section aria-label={t('payments')}>
        <h3 className="order-panel__heading">{t('payments')}</h3>
        {detail.payments.length === 0 ? (
          <p className="order-panel__muted">{t('noPayments', { paid: price(detail.cash.paid) })}</p>
        ) : (
          <ul className="order-panel__list">
            {detail.payments.map((payment) => (
              <li key={payment.id} className="order-panel__line">
                <span>
                  {t('payment', {
                    method: t(`method_${payment.method}`),
                    amount: price(payment.amount),
                  })}
                  {payment.tip > 0
                    ? ` · ${t('tipOf', { amount: price(payment.tip), waiter: payment.waiter?.name ?? '—' })}`
                    : ''}
                  {payment.tipRefunded > 0
                    ? ` · ${t('tipRefunded', { amount: price(payment.tipRefunded) })}`
                    : ''}
                </span>
                {receiptLine(
                  detail.receipts.find(
                    (receipt) => receipt.kind === 'sell' && receipt.paymentId === payment.id,
                  ),
                )}
                {payment.tip > payment.tipRefunded ? (
                  <button
                    type="button"
                    className={buttonClass('secondary')}
                    aria-disabled={action.isPending}
                    onClick={() => {
                      const why = reason.trim()
                      if (!why) {
                        setProblem(t('needReason'))
                        return
                      }
                      run({ kind: 'tip', body: { paymentId: payment.id, reason: why } })
                    }}
                  >
                    {t('refundTip')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {detail.cash.paid > 0 ? (
          <p className="order-panel__muted">
            {t('cashLine', {
              paid: price(detail.cash.paid),
              refunded: price(detail.cash.refunded),
            })}
          </p>
        ) : null}
        {detail.points.spent + detail.points.takenBack > 0 ? (
          <p className="order-panel__muted">{t('points', detail.points)}</p>
        ) : null}
      </section>

      <section aria-label={t('refunds')}>
        <h3 className="order-panel__heading">{t('refunds')}</h3>
        {detail.refunds.length === 0 ? (
          <p className="order-panel__muted">{t('noRefunds')}</p>
        ) : (
          <ul className="order-panel__list">
            {detail.refunds.map((refund) => (
              <li key={refund.id} className="order-panel__refund" data-state={refund.state}>
                <span>
                  {t('refundRow', {
                    time: when(refund.createdAt),
                    kind: t(`kind_${refund.kind}`),
                    way: t(`way_${refund.way}`),
                    amount: price(refund.way === 'none' ? refund.takenOff : refund.amount),
                    reason: refund.reason,
                    actor: refund.actor.name,
                    state: t(
                      refund.way === 'points' && refund.state === 'failed'
                        ? 'state_undone'
                        : `state_${refund.state}`,
                    ),
                  })}
                </span>
                {receiptLine(detail.receipts.find((receipt) => receipt.refundId === refund.id))}
                {refund.state === 'in_progress' &&
                refund.way === 'online' &&
                openedAt - Date.parse(refund.createdAt) > REFUND_CHASE_MS ? (
                  <span className="order-panel__slow" role="status">
                    {t('slowRefund', { days: REFUND_CHASE_DAYS })}
                  </span>
                ) : null}
                {refund.state === 'failed' && refund.way === 'online' ? (
                  <span className="order-panel__retry">
                    <span role="status">{t('retryNote')}</span>
                    <button
                      type="button"
                      className={buttonClass('secondary')}
                      aria-disabled={action.isPending}
                      onClick={() => {
                        if (!action.isPending) run({ kind: 'retry', refundId: refund.id })
                      }}
                    >
                      {t('retry')}
                    </button>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label={t('history')}>
        <h3 className="order-panel__heading">{t('history')}</h3>
        <ul className="order-panel__list order-panel__muted">
          {order.history.map((step, index) => (
            <li key={index}>
              {step.refund
                ? t('stepRefund', {
                    time: clock(step.at),
                    amount: price(step.refund.amount),
                    state: t(`state_${step.refund.state}`),
                  })
                : t('step', { time: clock(step.at), status: t(`status_${step.status}`) })}
              {step.reason ? ` · «${step.reason}»` : ''}
            </li>
          ))}
        </ul>
      </section>

      {cancelled ? null : (
        <form className="order-panel__form" noValidate onSubmit={submit}>
          <h3 className="order-panel__heading">{t('act')}</h3>
          <fieldset className="order-panel__modes">
            <legend>{t('mode')}</legend>
            {(['part', 'amount', 'comp', 'cancel'] as const).map((each) => (
              <label key={each}>
                <input
                  type="radio"
                  name="mode"
                  checked={mode === each}
                  onChange={() => setMode(each)}
                />{' '}
                {t(`mode_${each}`)}
              </label>
            ))}
          </fieldset>
          {mode === 'amount' ? (
            <label className="order-panel__field">
              {t('amount')}
              <input
                inputMode="decimal"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
              />
            </label>
          ) : null}
          {mode === 'cancel' && detail.payments.some((p) => p.tip > p.tipRefunded) ? (
            <label>
              <input
                type="checkbox"
                checked={refundTip}
                onChange={(event) => setRefundTip(event.target.checked)}
              />{' '}
              {t('refundTipToo')}
            </label>
          ) : null}
          <label className="order-panel__field">
            {t('reason')}
            <input
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
          {problem ? (
            <p className="order-panel__problem" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')} aria-disabled={action.isPending}>
            {action.isPending ? t('working') : t('submit')}
          </button>
        </form>
      )}
    </div>
  )
}
