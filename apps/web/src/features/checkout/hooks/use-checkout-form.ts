import { useEffect, useState, type ReactNode, type RefObject, type SyntheticEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { CartLine } from '@tableside/contracts/cart'
import type { Order, PlaceOrderBody } from '@tableside/contracts/orders'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { pointsCap, totalAfterPoints, type SpendablePoints } from '../../../lib/bonus-points'
import type { ApiError } from '../../../lib/api-error'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { restaurantDay } from '../../../lib/restaurant-time'
import { useCheckoutQuote } from '../api/quote-checkout'
import { useSlots, type ScheduledType } from '../api/get-slots'
import { checkoutMessages } from '../checkout-messages'
import {
  ASAP,
  NO_TIME,
  checkoutProblems,
  fieldId,
  firstProblemField,
  problemLineIndexes,
  serverFieldProblems,
  toPlaceOrderBody,
  type CheckoutField,
  type CheckoutValues,
  type FieldProblems,
} from '../checkout-form'
import { rememberContact } from '../contact-memory'
import { finishAttempt, usePendingOrder } from '../pending-order'
import { offeredPaymentMethods } from '../payment-methods'
import { keepAddressIfAsked, type CheckoutDiner } from '../saved-addresses'
import { scheduleView } from '../schedule'
import { isSlotsMissing, initialValues, rememberedFrom } from '../components/checkout-form-state'
import type { OrderRefusal } from '../components/order-problem'
import { usePlaceOrder } from './use-place-order'

/** A tip offered with an online payment: its choice, what it comes to, and whether it may go. */
export interface CheckoutTip {
  picker: ReactNode
  amount: number
  valid: boolean
}

export interface CheckoutFormProps {
  restaurant: Restaurant
  lines: readonly CartLine[]
  table: { sessionId: string; label: string } | null
  initialType: OrderType | null
  /** The signed-in diner, whose profile fills the form; null for an anonymous one. */
  diner: CheckoutDiner | null
  cartHref: string
  ordersHref: string
  /** `tip`: what the diner chose to add for the waiter when paying online (minor units). */
  onPlaced: (order: Order, tip: number) => void
  onSessionExpired: (sessionId: string) => void
  /** The signed-in diner's card with points to spend here; null: none to offer. */
  points?: SpendablePoints | null
  /** The server refused the points (the balance moved, the sign-in ended): read the card again. */
  onPointsRefused?: () => void
  /** The tip on `amount` (what the card will pay), from the app layer (the payments' picker). */
  tip?: (amount: number) => CheckoutTip
}

/**
 * The checkout's state and what its controls do: the values typed, the quote and the slots for
 * the type chosen, the points spent, and placing the order (once, under a persisted key) with
 * what a refusal means for each field (`alertRef`: the refusal, which takes focus when it shows).
 */
export function useCheckoutForm(
  props: CheckoutFormProps,
  alertRef: RefObject<HTMLDivElement | null>,
) {
  const { restaurant, lines, table } = props
  const queryClient = useQueryClient()
  const { language } = useMessages(checkoutMessages)
  const methods = offeredPaymentMethods(restaurant)
  const [chosenType, setType] = useState(props.initialType)
  const [values, setValues] = useState(() => initialValues(methods, props.diner))
  const [keepAddress, setKeepAddress] = useState(false)
  const [date, setDate] = useState<string | null>(null)
  const [problems, setProblems] = useState<FieldProblems>({})
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null)
  const [spend, setSpend] = useState(0)
  const { state: send, place } = usePlaceOrder(restaurant.id)
  const pending = usePendingOrder(restaurant.id)
  const pendingOrder = pending && send.phase === 'idle' ? pending : null

  // Ordering to a table needs the table: a session that ended leaves the choice open.
  const type = chosenType === 'dine_in' && !table ? null : chosenType
  const scheduled: ScheduledType | null = type === 'dine_in' ? null : type
  const quote = useCheckoutQuote(restaurant.id, type, lines)
  const slots = useSlots(restaurant.id, scheduled, date)
  const slotsMissing = isSlotsMissing(slots.error)
  const today = restaurantDay(new Date(), restaurant.timezone)
  const view = slots.data && !slotsMissing ? scheduleView(slots.data, date, today) : null
  const quoteReady = type !== null && quote.data !== undefined && !quote.isPlaceholderData
  const points = props.points ?? null
  const cap =
    points && quoteReady
      ? pointsCap(points, quote.data.totals.total - quote.data.totals.deliveryFee)
      : 0
  // What was chosen, within what this order (as priced now) and the card allow.
  const spent = Math.min(spend, cap)
  // A tip rides on an online payment only (issue 28): on what the card pays, at most as much again.
  const paysOnline = values.paymentMethod !== 'cash'
  const tipBase = quoteReady ? totalAfterPoints(quote.data.totals.total, spent) : 0
  const tip = paysOnline && tipBase > 0 ? props.tip?.(tipBase) : undefined
  const tipMinor = tip?.valid ? tip.amount : 0
  const canConfirm = quoteReady && quote.data.orderable && tip?.valid !== false

  useEffect(() => {
    if (refusal) alertRef.current?.focus()
  }, [refusal, alertRef])

  const change = (patch: Partial<CheckoutValues>) => {
    setValues((current) => ({ ...current, ...patch }))
    const touched = Object.keys(patch)
    setProblems((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !touched.includes(field))),
    )
  }
  const focusField = (field: CheckoutField) => document.getElementById(fieldId(field))?.focus()

  const refused = (error: ApiError) => {
    const fields = serverFieldProblems(error.fields)
    const dishes = problemLineIndexes(error.fields).flatMap((index) => {
      const name = quote.data?.quote.lines[index]?.name
      return name ? [localized(name, language)] : []
    })
    if (error.code === 'session_expired' && table) props.onSessionExpired(table.sessionId)
    if (error.code.startsWith('bonus_') || error.code === 'unauthorized') props.onPointsRefused?.()
    if (['total_changed', 'below_minimum_order', 'dish_unavailable'].includes(error.code)) {
      // Prices or the stop-list moved: every cached price of this restaurant is old now.
      void queryClient.invalidateQueries({ queryKey: ['restaurants', restaurant.id] })
    }
    if (error.code === 'slot_unavailable') {
      // The time is gone: the diner chooses again, nothing is chosen for them.
      void slots.refetch()
      change({ when: NO_TIME })
    }
    setProblems(fields)
    const first = firstProblemField(fields)
    if (error.code === 'validation_failed' && first) {
      setRefusal(null)
      focusField(first)
      return
    }
    setRefusal({ error, dishes })
  }

  const submit = async (body: PlaceOrderBody) => {
    setRefusal(null)
    const result = await place(body)
    if (result.kind === 'placed') {
      rememberContact(rememberedFrom(body, values))
      keepAddressIfAsked(props.diner, keepAddress, body.address)
      props.onPlaced(result.order, tipMinor)
    } else if (result.kind === 'refused') {
      refused(result.error)
    }
  }

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!type || !quoteReady) return
    const found = checkoutProblems(type, values, {
      asapAllowed: slotsMissing || (view ? view.asap : slots.data?.asap !== false),
      offeredSlots: view ? view.slots.map((slot) => slot.at) : null,
    })
    const first = firstProblemField(found)
    setProblems(found)
    if (first) {
      setRefusal(null)
      focusField(first)
      return
    }
    const expectedTotal = quote.data.totals.total
    void submit(
      toPlaceOrderBody({
        type,
        lines,
        values,
        tableSessionId: table?.sessionId ?? null,
        expectedTotal,
        bonusPoints: spent,
      }),
    )
  }

  return {
    type,
    scheduled,
    values,
    problems,
    refusal,
    methods,
    keepAddress,
    setKeepAddress,
    quote,
    canConfirm,
    slots,
    slotsMissing,
    view,
    today,
    points,
    cap,
    spent,
    setSpend,
    tip,
    tipMinor,
    send,
    /** An order sent before a reload and not answered yet: it can be sent again as it was. */
    pendingOrder,
    change,
    onSubmit,
    resumePending: () => {
      if (pendingOrder) void submit(pendingOrder.body)
    },
    discardPending: () => finishAttempt(restaurant.id),
    chooseType: (next: OrderType) => {
      setType(next)
      setDate(null)
      setRefusal(null)
      change({ when: ASAP })
    },
    chooseDate: (day: string) => {
      setDate(day)
      // "As soon as possible" is today's; another day waits for the diner's time.
      change({ when: day <= today && slots.data?.asap ? ASAP : NO_TIME })
    },
  }
}
