import { useId, useState } from 'react'
import type { Bill } from '@tableside/contracts/orders'
import type { OnlinePaymentMethod, Payment } from '@tableside/contracts/payments'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { buttonClass } from '../../../components/ui/button'
import { AlertIcon } from '../../../components/ui/status-icons'
import { PointsField } from '../../../components/ui/points-field'
import { pointsFieldMessages } from '../../../components/ui/points-field-messages'
import { isApiError } from '../../../lib/api-error'
import { apiErrorKey, apiErrorMessages, type ApiErrorKey } from '../../../lib/api-error-text'
import {
  MINOR_PER_POINT,
  pointsCap,
  totalAfterPoints,
  type SpendablePoints,
} from '../../../lib/bonus-points'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useStartBillPayment } from '../api/start-bill-payment'
import { useReceiptContact } from '../hooks/use-receipt-contact'
import type { ProfileReceiptContact } from '../receipt-contact'
import { ReceiptContactField } from './receipt-contact-field'
import { billPayMessages } from '../bill-pay-messages'
import {
  billChoice,
  billChoiceAmount,
  initialBillChoice,
  maxTip,
  openModes,
  tipAmount,
  type BillChoiceDraft,
  type BillPayMode,
  type TipDraft,
} from '../bill-payment-choice'
import { paymentMessages } from '../payment-messages'
import { BillItemsPicker } from './bill-items-picker'
import { BillSharePicker } from './bill-share-picker'
import { BillTipPicker } from './bill-tip-picker'
import { MethodPicker } from './method-picker'
import '../../../components/ui/card.css'
import '../../../components/ui/choice-card.css'
import '../../../components/ui/totals-rows.css'
import './pay-fieldset.css'
import './bill-pay.css'

const MODES: readonly BillPayMode[] = ['remaining', 'share', 'items']

/** Refusals the diner can act on, in words; anything else is a failed start. */
const REFUSALS = {
  amount_changed: 'amountChanged',
  split_closed: 'splitClosed',
  nothing_due: 'nothingDue',
  session_closed: 'sessionClosed',
  items_unavailable: 'itemsUnavailable',
} as const
type Refusal = keyof typeof REFUSALS
const isRefusal = (code: string): code is Refusal => code in REFUSALS

interface BillPayPanelProps {
  bill: Bill
  restaurant: Restaurant
  methods: readonly OnlinePaymentMethod[]
  /** The payment started: remember it, then the browser goes to the bank's page. */
  onStarted: (payment: Payment) => void
  /** The server saw another bill than this screen: read it again. */
  onBillChanged: () => void
  /** The signed-in diner's card with points to spend here; null: none to offer. */
  points?: SpendablePoints | null
  /** The server refused the points (the balance moved, the sign-in ended): read the card again. */
  onPointsRefused?: () => void
  /** The signed-in diner's receipt contact on their profile; null: anonymous (decision 0142). */
  profile?: ProfileReceiptContact | null
}

/** "Pay online": what to pay (all, an equal share, chosen dishes), a tip, the method, Pay. */
export function BillPayPanel({
  bill,
  restaurant,
  methods,
  onStarted,
  onBillChanged,
  points = null,
  onPointsRefused,
  profile = null,
}: BillPayPanelProps) {
  const { t } = useMessages(billPayMessages)
  const shared = useMessages(paymentMessages).t
  const titleId = useId()
  const modeName = useId()
  const [draft, setDraft] = useState<BillChoiceDraft>(initialBillChoice)
  const [tip, setTip] = useState<TipDraft>({ kind: 'none' })
  const [method, setMethod] = useState<OnlinePaymentMethod | undefined>(methods[0])
  const [refusal, setRefusal] = useState<Refusal | undefined>()
  const [spend, setSpend] = useState(0)
  const [pointsRefusal, setPointsRefusal] = useState<ApiErrorKey | null>(null)
  const errors = useMessages(apiErrorMessages).t
  const pointsText = useMessages(pointsFieldMessages).t
  const start = useStartBillPayment(bill.sessionId)

  const open = openModes(bill)
  const mode = open[draft.mode] ? draft.mode : 'remaining'
  const choice = billChoice(bill, { ...draft, mode })
  const amount = billChoiceAmount(bill, choice)
  const tipMinor = tipAmount(tip, amount)
  const tipTooBig = tipMinor > maxTip(amount)
  // Points pay part of the share (never the tip), within what the card and programme allow.
  const cap = points ? pointsCap(points, amount) : 0
  const spent = Math.min(spend, cap)
  const charged = totalAfterPoints(amount, spent) + (tipTooBig ? 0 : tipMinor)
  const price = (minor: number) => formatPrice(minor, restaurant)
  const busy = start.isPending || start.isSuccess
  const ready = choice !== undefined && amount > 0 && method !== undefined && !tipTooBig
  // Where the restaurant sends receipts, the diner says where theirs goes (decision 0133).
  const receipt = useReceiptContact(restaurant.receipts === true, profile)

  const pay = () => {
    if (!choice || !method || !ready) return
    if (!receipt.ready()) return
    setRefusal(undefined)
    setPointsRefusal(null)
    start.mutate(
      {
        method,
        choice,
        tip: tipMinor,
        expectedAmount: amount,
        ...(spent > 0 ? { bonusPoints: spent } : {}),
        ...receipt.body,
      },
      {
        onSuccess: (payment) => {
          onStarted(payment)
          if (payment.redirectUrl) window.location.assign(payment.redirectUrl)
        },
        onError: (error) => {
          if (receipt.refusedBy(error)) return
          if (
            isApiError(error) &&
            (error.code.startsWith('bonus_') || error.code === 'unauthorized')
          ) {
            setPointsRefusal(apiErrorKey(error))
            onPointsRefused?.()
            return
          }
          if (!isApiError(error) || !isRefusal(error.code)) return
          setRefusal(error.code)
          onBillChanged()
        },
      },
    )
  }
  const failedToStart = start.isError && !refusal && !pointsRefusal && !receipt.field.invalid

  return (
    <section className="card bill-pay" aria-labelledby={titleId}>
      <h2 id={titleId} className="bill-pay__title">
        {t('title')}
      </h2>
      <fieldset className="pay-fieldset" disabled={busy}>
        <legend className="pay-fieldset__legend">{t('whatLegend')}</legend>
        <div className="choice-cards choice-cards--stacked">
          {MODES.map((option) => (
            <label
              key={option}
              className="choice-card choice-card--wide"
              data-disabled={!open[option] || undefined}
            >
              <input
                type="radio"
                name={modeName}
                className="choice-card__input"
                checked={mode === option}
                disabled={!open[option]}
                onChange={() => setDraft((current) => ({ ...current, mode: option }))}
              />
              <span className="choice-card__body">
                <span className="choice-card__title">{t(option)}</span>
                <span className="choice-card__hint">{t(`${option}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        {!open.share ? <p className="bill-pay__note">{t('shareClosed')}</p> : null}
        {!open.items ? <p className="bill-pay__note">{t('itemsClosed')}</p> : null}
        {mode === 'share' ? (
          <BillSharePicker
            bill={bill}
            parts={draft.parts}
            restaurant={restaurant}
            onChange={(parts) => setDraft((current) => ({ ...current, parts }))}
          />
        ) : null}
        {mode === 'items' ? (
          <BillItemsPicker
            bill={bill}
            chosen={draft.items}
            restaurant={restaurant}
            onChange={(key, quantity) =>
              setDraft((current) => ({ ...current, items: { ...current.items, [key]: quantity } }))
            }
          />
        ) : null}
      </fieldset>
      <BillTipPicker
        amount={amount}
        tip={tip}
        waiterName={bill.waiter?.name ?? null}
        restaurant={restaurant}
        onChange={setTip}
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
      <MethodPicker methods={methods} value={method} onChange={setMethod} disabled={busy} />
      {receipt.asks ? <ReceiptContactField {...receipt.field} disabled={busy} /> : null}
      <dl className="totals-rows">
        <div className="totals-rows__row">
          <dt>{t(mode === 'remaining' ? 'amountWhole' : 'amount')}</dt>
          <dd>{price(amount)}</dd>
        </div>
        {spent > 0 ? (
          <div className="totals-rows__row">
            <dt>{pointsText('pointsRow')}</dt>
            <dd>−{price(spent * MINOR_PER_POINT)}</dd>
          </div>
        ) : null}
        <div className="totals-rows__row">
          <dt>{t('tip')}</dt>
          <dd>{price(tipTooBig ? 0 : tipMinor)}</dd>
        </div>
        <div className="totals-rows__row totals-rows__row--total bill-pay__sum--total">
          <dt>{t('charged')}</dt>
          <dd>{price(charged)}</dd>
        </div>
      </dl>
      {refusal ? (
        <p className="bill-pay__alert" role="alert">
          <AlertIcon size={20} />
          <span>
            {refusal === 'amount_changed' ? (
              <>
                <strong>{t('amountChangedTitle')}. </strong>
                {t('amountChanged', { amount: price(amount) })}
              </>
            ) : (
              t(REFUSALS[refusal])
            )}
          </span>
        </p>
      ) : null}
      {pointsRefusal ? (
        <p className="bill-pay__alert" role="alert">
          <AlertIcon size={20} />
          <span>{errors(pointsRefusal)}</span>
        </p>
      ) : null}
      {failedToStart ? (
        <p className="bill-pay__alert" role="alert">
          <AlertIcon size={20} />
          <span>{shared('startFailed')}</span>
        </p>
      ) : null}
      {mode === 'items' && choice === undefined ? (
        <p className="bill-pay__note">{t('chooseItems')}</p>
      ) : null}
      <button
        type="button"
        className={buttonClass('primary', { block: true })}
        disabled={busy || !ready}
        onClick={pay}
      >
        {busy ? t('starting') : t('pay', { amount: price(charged) })}
      </button>
    </section>
  )
}
