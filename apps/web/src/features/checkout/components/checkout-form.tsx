import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CartLine } from '@tableside/contracts/cart'
import type { Order, PlaceOrderBody } from '@tableside/contracts/orders'
import type { OrderType, Restaurant } from '@tableside/contracts/restaurants'
import { PointsField } from '../../../components/ui/points-field'
import { useApiClient } from '../../../lib/app-context'
import { pointsCap, totalAfterPoints, type SpendablePoints } from '../../../lib/bonus-points'
import type { ApiError } from '../../../lib/api-error'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { restaurantDay } from '../../../lib/restaurant-time'
import { checkoutQuoteQueryOptions } from '../api/quote-checkout'
import { slotsQueryOptions, type ScheduledType } from '../api/get-slots'
import { checkoutMessages } from '../checkout-messages'
import {
  ASAP,
  NO_TIME,
  checkoutProblems,
  fieldId,
  firstProblemField,
  needsAddress,
  needsContact,
  problemLineIndexes,
  serverFieldProblems,
  toPlaceOrderBody,
  type CheckoutField,
  type CheckoutValues,
  type FieldProblems,
} from '../checkout-form'
import { rememberContact } from '../contact-memory'
import { usePlaceOrder } from '../hooks/use-place-order'
import { finishAttempt, usePendingOrder } from '../pending-order'
import { offeredPaymentMethods } from '../payment-methods'
import { keepAddressIfAsked, type CheckoutDiner } from '../saved-addresses'
import { scheduleView } from '../schedule'
import { isSlotsMissing, initialValues, rememberedFrom } from './checkout-form-state'
import { AddressFields } from './address-fields'
import { CheckoutBar } from './checkout-bar'
import { CheckoutTotals } from './checkout-totals'
import { CommentField } from './comment-field'
import { ContactFields } from './contact-fields'
import { GuestsField } from './guests-field'
import { OrderProblem, type OrderRefusal } from './order-problem'
import { OrderTypePicker } from './order-type-picker'
import { PaymentPicker } from './payment-picker'
import { PendingOrderBanner } from './pending-order-banner'
import { SchedulePicker } from './schedule-picker'
import { TableCard } from './table-card'

export interface CheckoutFormProps {
  restaurant: Restaurant
  lines: readonly CartLine[]
  table: { sessionId: string; label: string } | null
  initialType: OrderType | null
  /** The signed-in diner, whose profile fills the form; null for an anonymous one. */
  diner: CheckoutDiner | null
  cartHref: string
  ordersHref: string
  onPlaced: (order: Order) => void
  onSessionExpired: (sessionId: string) => void
  /** The signed-in diner's card with points to spend here; null: none to offer. */
  points?: SpendablePoints | null
  /** The server refused the points (the balance moved, the sign-in ended): read the card again. */
  onPointsRefused?: () => void
}

/** The checkout: how, who, where, when, how to pay, every amount, and Confirm. */
export function CheckoutForm(props: CheckoutFormProps) {
  const { restaurant, lines, table } = props
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t, language } = useMessages(checkoutMessages)
  const methods = offeredPaymentMethods(restaurant)
  const [chosenType, setType] = useState(props.initialType)
  const [values, setValues] = useState(() => initialValues(methods, props.diner))
  const [keepAddress, setKeepAddress] = useState(false)
  const [date, setDate] = useState<string | null>(null)
  const [problems, setProblems] = useState<FieldProblems>({})
  const [refusal, setRefusal] = useState<OrderRefusal | null>(null)
  const [spend, setSpend] = useState(0)
  const alertRef = useRef<HTMLDivElement>(null)
  const { state: send, place } = usePlaceOrder(restaurant.id)
  const pending = usePendingOrder(restaurant.id)

  // Ordering to a table needs the table: a session that ended leaves the choice open.
  const type = chosenType === 'dine_in' && !table ? null : chosenType
  const scheduled: ScheduledType | null = type === 'dine_in' ? null : type
  const quote = useQuery({
    ...checkoutQuoteQueryOptions(api, restaurant.id, type ?? 'pickup', lines),
    enabled: type !== null && lines.length > 0,
  })
  const slots = useQuery({
    ...slotsQueryOptions(api, restaurant.id, scheduled ?? 'pickup', date),
    enabled: scheduled !== null,
  })
  const slotsMissing = isSlotsMissing(slots.error)
  const today = restaurantDay(new Date(), restaurant.timezone)
  const view = slots.data && !slotsMissing ? scheduleView(slots.data, date, today) : null
  const quoteReady = type !== null && quote.data !== undefined && !quote.isPlaceholderData
  const canConfirm = quoteReady && quote.data.orderable
  const points = props.points ?? null
  const cap =
    points && quoteReady
      ? pointsCap(points, quote.data.totals.total - quote.data.totals.deliveryFee)
      : 0
  // What was chosen, within what this order (as priced now) and the card allow.
  const spent = Math.min(spend, cap)

  useEffect(() => {
    if (refusal) alertRef.current?.focus()
  }, [refusal])

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
      props.onPlaced(result.order)
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

  return (
    <form className="checkout" noValidate onSubmit={onSubmit}>
      {pending && send.phase === 'idle' ? (
        <PendingOrderBanner
          onResume={() => void submit(pending.body)}
          onDiscard={() => finishAttempt(restaurant.id)}
        />
      ) : null}
      <OrderTypePicker
        types={restaurant.settings.orderTypes}
        value={type}
        tableLabel={table?.label ?? null}
        pickupAddress={restaurant.address}
        problem={problems.type}
        onChange={(next) => {
          setType(next)
          setDate(null)
          setRefusal(null)
          change({ when: ASAP })
        }}
      />
      {type === null ? <p className="checkout__hint">{t('chooseType')}</p> : null}
      {type === 'dine_in' && table ? <TableCard label={table.label} /> : null}
      {type && needsContact(type) ? (
        <ContactFields values={values} problems={problems} onChange={change} />
      ) : null}
      {type && needsAddress(type) ? (
        <AddressFields
          values={values}
          problems={problems}
          onChange={change}
          saved={
            props.diner ? { diner: props.diner, keep: keepAddress, onKeep: setKeepAddress } : null
          }
          zoneNote={
            restaurant.settings.delivery.zoneNote
              ? localized(restaurant.settings.delivery.zoneNote, language)
              : null
          }
        />
      ) : null}
      {scheduled ? (
        <SchedulePicker
          type={scheduled}
          slots={slots}
          view={view}
          unavailable={slotsMissing}
          today={today}
          when={values.when}
          problem={problems.when}
          onDate={(day) => {
            setDate(day)
            // "As soon as possible" is today's; another day waits for the diner's time.
            change({ when: day <= today && slots.data?.asap ? ASAP : NO_TIME })
          }}
          onWhen={(when) => change({ when })}
        />
      ) : null}
      {type === 'preorder' ? (
        <GuestsField
          value={values.guests}
          problem={problems.guests}
          onChange={(guests) => change({ guests })}
        />
      ) : null}
      {type ? (
        <>
          <CommentField
            label={type === 'delivery' ? t('commentDelivery') : t('commentOther')}
            optionalText={t('optional')}
            value={values.comment}
            problem={problems.comment}
            onChange={(comment) => change({ comment })}
          />
          <PaymentPicker
            methods={methods}
            value={values.paymentMethod}
            type={type}
            problem={problems.paymentMethod}
            onChange={(paymentMethod) => change({ paymentMethod })}
          />
          {points ? (
            <PointsField
              restaurant={restaurant}
              balance={points.balance}
              cap={cap}
              value={spent}
              onChange={setSpend}
            />
          ) : null}
          <CheckoutTotals
            restaurant={restaurant}
            type={type}
            quote={quote.data}
            points={spent}
            pending={quote.isPlaceholderData || quote.isFetching}
            failed={quote.isError && !quote.data}
            onRetry={() => void quote.refetch()}
          />
        </>
      ) : null}
      {refusal ? (
        <OrderProblem
          refusal={refusal}
          cartHref={props.cartHref}
          ordersHref={props.ordersHref}
          alertRef={alertRef}
        />
      ) : null}
      <CheckoutBar
        restaurant={restaurant}
        total={type && quote.data ? totalAfterPoints(quote.data.totals.total, spent) : undefined}
        pending={type !== null && (quote.isPending || quote.isPlaceholderData)}
        canConfirm={canConfirm}
        send={send}
        paysOnline={values.paymentMethod !== 'cash'}
      />
    </form>
  )
}
