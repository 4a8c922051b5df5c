import { useId } from 'react'
import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { NumberStepper } from '../../../components/ui/number-stepper'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { billPayMessages } from '../bill-pay-messages'
import { billItems } from '../bill-payment-choice'

/** The bill's dishes with steppers; what is paid or held by someone's payment shows as such. */
export function BillItemsPicker({
  bill,
  chosen,
  restaurant,
  onChange,
}: {
  bill: Bill
  chosen: Readonly<Record<string, number>>
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  onChange: (key: string, quantity: number) => void
}) {
  const { t, language } = useMessages(billPayMessages)
  const titleId = useId()
  const items = billItems(bill)
  // A line's count cannot tell paid from held; with nothing in progress at the table, it is paid.
  const takenLabel = bill.totals.pending > 0 ? t('takenOrPending') : t('taken')
  const orderNumbers = [...new Set(items.map((item) => item.orderNumber))]
  return (
    <div className="bill-pay__detail" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="visually-hidden">
        {t('itemsLegend')}
      </p>
      {items.every((item) => item.free === 0) ? <p>{t('allTaken')}</p> : null}
      {orderNumbers.map((number) => (
        <div key={number} className="bill-items__order">
          <p className="bill-items__order-number">{t('orderNumber', { number })}</p>
          <ul className="bill-items">
            {items
              .filter((item) => item.orderNumber === number)
              .map((item) => {
                const name = localized(item.orderLine.name, language)
                const quantity = Math.min(chosen[item.key] ?? 0, item.free)
                return (
                  <li
                    key={item.key}
                    className="bill-item"
                    data-taken={item.free === 0 || undefined}
                  >
                    <span className="bill-item__text">
                      <span className="bill-item__name">{name}</span>
                      <span className="bill-item__meta">
                        {formatPrice(item.orderLine.unitPrice, restaurant)}
                        {item.taken > 0 ? ` · ${takenLabel}: ${String(item.taken)}` : null}
                      </span>
                    </span>
                    {item.free > 0 ? (
                      <NumberStepper
                        value={quantity}
                        min={0}
                        max={item.free}
                        decreaseLabel={t('fewer', { name })}
                        increaseLabel={t('more', { name })}
                        valueLabel={`${name}: ${t('chosen', { count: quantity })}`}
                        onChange={(next) => onChange(item.key, next)}
                      />
                    ) : (
                      <span className="bill-item__taken">{takenLabel}</span>
                    )}
                  </li>
                )
              })}
          </ul>
        </div>
      ))}
    </div>
  )
}
