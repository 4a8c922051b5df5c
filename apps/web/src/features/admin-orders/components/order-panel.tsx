import { useState, type SyntheticEvent } from 'react'
import type { OrderReceipt } from '@tableside/contracts/receipts'
import { REFUND_CHASE_DAYS, REFUND_CHASE_MS, type OrderDetail } from '@tableside/contracts/refunds'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { AdminDialog } from '../../../components/admin/admin-dialog'
import { buttonClass } from '../../../components/ui/button'
import { formatPrice } from '../../../lib/format-price'
import { defineMessages } from '../../../lib/i18n/messages'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paidWithText } from '../../../lib/paid-with-words'
import { dateLocale, restaurantClock, restaurantWhen } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useAdminOrder, useOrderAction, type OrderAction } from '../api/admin-order'
import './order-panel.css'

const messages = defineMessages({
  en: {
    title: 'Order {number}',
    close: 'Close',
    loading: 'Loading the order…',
    loadFailed: 'Could not load the order.',
    total: 'Costs now',
    paid: 'Paid',
    takenOff: 'Taken off the bill',
    lines: 'Dishes',
    left: '{count} left',
    refundedShort: '{count} refunded',
    compedShort: '{count} on the house',
    payments: 'Payments',
    noPayments: 'No online payments. Cash to the waiter: {paid}.',
    payment: '{method}, {amount}',
    tipOf: 'tip {amount} ({waiter})',
    tipRefunded: 'tip refunded {amount}',
    refundTip: 'Refund the tip',
    cashLine: 'Cash to the waiter {paid}, handed back {refunded}',
    points: 'Points: spent {spent}, returned {returned}, taken back {takenBack}',
    refunds: 'Refunds',
    noRefunds: 'Nothing refunded.',
    history: 'History',
    act: 'Refund or correct',
    mode: 'What to do',
    mode_part: 'Refund dishes',
    mode_amount: 'Refund an amount',
    mode_comp: 'On the house',
    mode_cancel: 'Cancel the order',
    quantityOf: 'How many of «{name}»',
    amount: 'Amount, ₽',
    reason: 'Reason (the diner reads it)',
    refundTipToo: 'Refund the tip too',
    submit: 'Do it',
    working: 'Working…',
    needReason: 'Say why: the diner reads it.',
    needLines: 'Choose how many of which dishes.',
    needAmount: 'Say how much.',
    failed: 'Refused: {message}',
    kind_whole: 'cancel',
    kind_part: 'refund',
    kind_comp: 'on the house',
    kind_tip: 'tip',
    way_online: 'to the card',
    way_cash: 'cash out',
    way_points: 'points',
    way_none: 'off the bill',
    state_in_progress: 'waiting for the bank',
    state_done: 'returned',
    state_failed: 'refused by the bank',
    retry: 'Ask the bank again',
    retryNote: 'The bank refused this refund: nothing went back yet.',
    state_undone: 'spent again: the bank refused the refund',
    slowRefund: 'The bank has not confirmed it for more than {days} days: call the bank.',
    refundRow: '{time} · {kind}, {way}: {amount} · «{reason}» · {actor} · {state}',
    pay_unpaid: 'Not paid',
    pay_pending: 'Being paid',
    pay_failed: 'Payment failed',
    pay_paid: 'Paid',
    pay_refunded: 'Refunded',
    method_card: 'card',
    method_sbp: 'SBP',
    step: '{time} · {status}',
    stepRefund: '{time} · refund {amount} ({state})',
    status_placed: 'placed',
    status_accepted: 'accepted',
    status_cooking: 'cooking',
    status_ready: 'ready',
    status_served: 'served',
    status_out_for_delivery: 'on the way',
    status_completed: 'completed',
    status_cancelled: 'cancelled',
    receipt: 'Receipt {total} to {contact}: {state}',
    receiptRefund: 'Refund receipt {total} to {contact}: {state}',
    receipt_pending: 'being prepared',
    receipt_sent_acquirer: 'handed to the acquirer with the payment',
    receipt_sent_acquirer_refund: 'handed to the acquirer with the refund',
    receipt_sent_atol: 'sent, waiting for the register',
    receipt_done: 'registered',
    receipt_failed: 'failed',
    receiptWhy: ' ({error})',
    receiptFailedHint: 'Send it again from Settings → Receipts (54-FZ).',
  },
  ru: {
    title: 'Заказ {number}',
    close: 'Закрыть',
    loading: 'Загружаем заказ…',
    loadFailed: 'Не удалось загрузить заказ.',
    total: 'Стоит сейчас',
    paid: 'Оплачено',
    takenOff: 'Убрано из счёта',
    lines: 'Блюда',
    left: 'осталось {count}',
    refundedShort: 'возвращено {count}',
    compedShort: 'за счёт заведения {count}',
    payments: 'Платежи',
    noPayments: 'Онлайн-платежей нет. Наличными официанту: {paid}.',
    payment: '{method}, {amount}',
    tipOf: 'чаевые {amount} ({waiter})',
    tipRefunded: 'чаевые возвращены {amount}',
    refundTip: 'Вернуть чаевые',
    cashLine: 'Наличными официанту {paid}, выдано обратно {refunded}',
    points: 'Баллы: списано {spent}, возвращено {returned}, забрано {takenBack}',
    refunds: 'Возвраты',
    noRefunds: 'Возвратов нет.',
    history: 'История',
    act: 'Вернуть или исправить',
    mode: 'Что сделать',
    mode_part: 'Вернуть блюда',
    mode_amount: 'Вернуть сумму',
    mode_comp: 'За счёт заведения',
    mode_cancel: 'Отменить заказ',
    quantityOf: 'Сколько «{name}»',
    amount: 'Сумма, ₽',
    reason: 'Причина (её увидит гость)',
    refundTipToo: 'Вернуть и чаевые',
    submit: 'Выполнить',
    working: 'Выполняем…',
    needReason: 'Укажите причину: её увидит гость.',
    needLines: 'Выберите, сколько каких блюд.',
    needAmount: 'Укажите сумму.',
    failed: 'Не получилось: {message}',
    kind_whole: 'отмена',
    kind_part: 'возврат',
    kind_comp: 'за счёт заведения',
    kind_tip: 'чаевые',
    way_online: 'на карту',
    way_cash: 'наличными',
    way_points: 'баллами',
    way_none: 'из счёта',
    state_in_progress: 'ждёт подтверждения банка',
    state_done: 'возвращено',
    state_failed: 'банк отказал',
    retry: 'Запросить возврат снова',
    retryNote: 'Банк отказал в этом возврате: деньги ещё не вернулись.',
    state_undone: 'списаны снова: банк отказал в возврате',
    slowRefund: 'Банк не подтверждает возврат больше {days} дней: позвоните в банк.',
    refundRow: '{time} · {kind}, {way}: {amount} · «{reason}» · {actor} · {state}',
    pay_unpaid: 'Не оплачен',
    pay_pending: 'Оплачивается',
    pay_failed: 'Оплата не прошла',
    pay_paid: 'Оплачен',
    pay_refunded: 'Возвращён',
    method_card: 'картой',
    method_sbp: 'СБП',
    step: '{time} · {status}',
    stepRefund: '{time} · возврат {amount} ({state})',
    status_placed: 'оформлен',
    status_accepted: 'принят',
    status_cooking: 'готовится',
    status_ready: 'готов',
    status_served: 'подан',
    status_out_for_delivery: 'в пути',
    status_completed: 'завершён',
    status_cancelled: 'отменён',
    receipt: 'Чек {total} для {contact}: {state}',
    receiptRefund: 'Чек возврата {total} для {contact}: {state}',
    receipt_pending: 'готовится',
    receipt_sent_acquirer: 'передан эквайрингу с платежом',
    receipt_sent_acquirer_refund: 'передан эквайрингу с возвратом',
    receipt_sent_atol: 'отправлен, ждём кассу',
    receipt_done: 'зарегистрирован',
    receipt_failed: 'ошибка',
    receiptWhy: ' ({error})',
    receiptFailedHint: 'Отправьте его снова в Настройках → Чеки (54-ФЗ).',
  },
})

type Mode = 'part' | 'amount' | 'comp' | 'cancel'

/**
 * An order opened from the live view (issue 28, decision 0119): its dishes, payments, tips,
 * points, refunds and history, and what a manager may do with it: refund dishes or an amount,
 * make dishes free, refund a tip, cancel it (asking about the tip), always with a reason.
 */
/**
 * What refunds and comps took off the order's price now. A part refund or a comp the bank
 * refused put its money back on the price (decision 0139), and all of it, dishes too, once
 * every online refund of its action was refused (0140: not where cash went back with it or a
 * payment paid the order in points).
 */
function takenOffNow(detail: OrderDetail): number {
  const billPoints = detail.payments.some((payment) => payment.points > 0)
  const actions = new Map<string, OrderDetail['refunds']>()
  for (const refund of detail.refunds) {
    actions.set(refund.actionId, [...(actions.get(refund.actionId) ?? []), refund])
  }
  let sum = 0
  for (const rows of actions.values()) {
    const moved = rows.filter((row) => row.kind === 'part' || row.kind === 'comp')
    const online = moved.filter((row) => row.way === 'online')
    const undone =
      !billPoints &&
      online.length > 0 &&
      online.every((row) => row.state === 'failed') &&
      !moved.some((row) => row.way === 'cash')
    if (undone && moved.length === rows.length) continue
    for (const row of rows) {
      sum +=
        row.takenOff -
        (row.state === 'failed' && row.way === 'online' && moved.includes(row) ? row.amount : 0)
    }
  }
  return sum
}

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
