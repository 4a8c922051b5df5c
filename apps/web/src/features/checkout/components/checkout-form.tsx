import { useRef } from 'react'
import { PointsField } from '../../../components/ui/points-field'
import { totalAfterPoints } from '../../../lib/bonus-points'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { checkoutMessages } from '../checkout-messages'
import { needsAddress, needsContact } from '../checkout-form'
import { useCheckoutForm, type CheckoutFormProps } from '../hooks/use-checkout-form'
import { AddressFields } from './address-fields'
import { CheckoutBar } from './checkout-bar'
import { CheckoutTotals } from './checkout-totals'
import { CommentField } from './comment-field'
import { ContactFields } from './contact-fields'
import { GuestsField } from './guests-field'
import { OrderProblem } from './order-problem'
import { OrderTypePicker } from './order-type-picker'
import { PaymentPicker } from './payment-picker'
import { PendingOrderBanner } from './pending-order-banner'
import { SchedulePicker } from './schedule-picker'
import { TableCard } from './table-card'

/** The checkout: how, who, where, when, how to pay, every amount, and Confirm. */
export function CheckoutForm(props: CheckoutFormProps) {
  const { restaurant, table } = props
  const { t, language } = useMessages(checkoutMessages)
  const alertRef = useRef<HTMLDivElement>(null)
  const form = useCheckoutForm(props, alertRef)
  const { type, scheduled, values, problems, change, quote, slots, points, spent } = form

  return (
    <form className="checkout" noValidate onSubmit={form.onSubmit}>
      {form.pendingOrder ? (
        <PendingOrderBanner onResume={form.resumePending} onDiscard={form.discardPending} />
      ) : null}
      <OrderTypePicker
        types={restaurant.settings.orderTypes}
        value={type}
        tableLabel={table?.label ?? null}
        pickupAddress={restaurant.address}
        problem={problems.type}
        onChange={form.chooseType}
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
            props.diner
              ? { diner: props.diner, keep: form.keepAddress, onKeep: form.setKeepAddress }
              : null
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
          view={form.view}
          unavailable={form.slotsMissing}
          today={form.today}
          when={values.when}
          problem={problems.when}
          onDate={form.chooseDate}
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
            methods={form.methods}
            value={values.paymentMethod}
            type={type}
            problem={problems.paymentMethod}
            onChange={(paymentMethod) => change({ paymentMethod })}
          />
          {form.tip?.picker}
          {points ? (
            <PointsField
              restaurant={restaurant}
              balance={points.balance}
              cap={form.cap}
              value={spent}
              onChange={form.setSpend}
            />
          ) : null}
          <CheckoutTotals
            restaurant={restaurant}
            type={type}
            quote={quote.data}
            points={spent}
            tip={form.tipMinor}
            pending={quote.isPlaceholderData || quote.isFetching}
            failed={quote.isError && !quote.data}
            onRetry={() => void quote.refetch()}
          />
        </>
      ) : null}
      {form.refusal ? (
        <OrderProblem
          refusal={form.refusal}
          cartHref={props.cartHref}
          ordersHref={props.ordersHref}
          alertRef={alertRef}
        />
      ) : null}
      <CheckoutBar
        restaurant={restaurant}
        total={
          type && quote.data
            ? totalAfterPoints(quote.data.totals.total, spent) + form.tipMinor
            : undefined
        }
        pending={type !== null && (quote.isPending || quote.isPlaceholderData)}
        canConfirm={form.canConfirm}
        send={form.send}
        paysOnline={values.paymentMethod !== 'cash'}
      />
    </form>
  )
}
