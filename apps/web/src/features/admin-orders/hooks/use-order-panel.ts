import { useState, type SyntheticEvent } from 'react'
import type { OrderDetail } from '@tableside/contracts/refunds'
import type { Restaurant, UiLanguage } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { paidWithText } from '../../../lib/paid-with-words'
import { dateLocale, restaurantClock, restaurantWhen } from '../../../lib/restaurant-time'
import { useStaffErrorText } from '../../../lib/staff-error-text'
import { useOrderAction, type OrderAction } from '../api/admin-order'
import { orderPanelMessages } from '../order-panel-messages'
import { takenOffNow } from '../taken-off-now'

/** What the manager's form does to the order, in the order the form offers it. */
export const panelModes = ['part', 'amount', 'comp', 'cancel'] as const
export type PanelMode = (typeof panelModes)[number]

export type PanelRestaurant = Pick<Restaurant, 'locale' | 'currency' | 'timezone'>

/**
 * The order panel's state and what its controls do: the form's mode, dishes, amount and reason,
 * and the actions (refund, comp, cancel, a tip refunded, a refused refund asked again), each
 * refused here first when the diner would read no reason. Also how the panel writes money and
 * moments: the restaurant's, whatever the device's.
 */
export function useOrderPanel(
  detail: OrderDetail,
  restaurant: PanelRestaurant,
  language: UiLanguage,
) {
  const { t } = useMessages(orderPanelMessages)
  const whyFailed = useStaffErrorText()
  const { order } = detail
  const action = useOrderAction(order.id)
  // When the panel opened: a refund waiting for the bank since long before is to chase.
  const [openedAt] = useState(() => Date.now())
  const [mode, setMode] = useState<PanelMode>('part')
  const [quantities, setQuantities] = useState<Record<number, number>>({})
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [refundTipToo, setRefundTipToo] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  const price = (minor: number) => formatPrice(minor, restaurant)
  const clock = (at: string) => restaurantClock(at, restaurant.timezone, dateLocale(language))
  // A refund of another day says which (one the bank holds for days, decision 0140).
  const when = (at: string) => {
    const { time, date } = restaurantWhen(at, restaurant.timezone, dateLocale(language), openedAt)
    return date === undefined ? time : `${date}, ${time}`
  }

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

  /** The reason the diner will read, or `null` once the form has said one is needed. */
  const givenReason = (): string | null => {
    const why = reason.trim()
    if (!why) setProblem(t('needReason'))
    return why || null
  }

  const submit = (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault()
    const why = givenReason()
    if (why === null) return
    if (mode === 'cancel') {
      run({ kind: 'cancel', body: { reason: why, refundTip: refundTipToo } })
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

  return {
    openedAt,
    price,
    clock,
    when,
    cancelled: order.status === 'cancelled',
    takenOff: takenOffNow(detail),
    // How it was actually paid, from its payments (issue 28).
    paidWith: paidWithText(order.paidWith, order.type, language),
    busy: action.isPending,
    mode,
    setMode,
    quantities,
    /** How many of the line at `index` to refund or comp, kept between none and what is left. */
    setQuantity: (index: number, typed: string, left: number) =>
      setQuantities((current) => ({
        ...current,
        [index]: Math.max(0, Math.min(left, Number(typed) || 0)),
      })),
    amount,
    setAmount,
    reason,
    setReason,
    refundTipToo,
    setRefundTipToo,
    problem,
    submit,
    refundTip: (paymentId: string) => {
      const why = givenReason()
      if (why !== null) run({ kind: 'tip', body: { paymentId, reason: why } })
    },
    retryRefund: (refundId: string) => {
      if (!action.isPending) run({ kind: 'retry', refundId })
    },
  }
}

export type OrderPanelState = ReturnType<typeof useOrderPanel>
