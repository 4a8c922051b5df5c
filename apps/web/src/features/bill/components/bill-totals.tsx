import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import './bill-totals.css'

const messages = defineMessages({
  en: {
    subtotal: 'Dishes',
    serviceCharge: 'Service charge',
    total: 'Total for the table',
    paid: 'Paid',
    due: 'To pay',
  },
  ru: {
    subtotal: 'Блюда',
    serviceCharge: 'Сервисный сбор',
    total: 'Итого по столу',
    paid: 'Уже оплачено',
    due: 'К оплате',
  },
})

/** The table's sums: dishes, service charge, total, what is paid and what is left to pay. */
export function BillTotals({
  totals,
  restaurant,
}: {
  totals: Bill['totals']
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
}) {
  const { t } = useMessages(messages)
  const price = (minor: number) => formatPrice(minor, restaurant)
  return (
    <dl className="bill-totals">
      <div className="bill-totals__row">
        <dt>{t('subtotal')}</dt>
        <dd>{price(totals.subtotal)}</dd>
      </div>
      {totals.serviceCharge > 0 ? (
        <div className="bill-totals__row">
          <dt>{t('serviceCharge')}</dt>
          <dd>{price(totals.serviceCharge)}</dd>
        </div>
      ) : null}
      <div className="bill-totals__row bill-totals__row--total">
        <dt>{t('total')}</dt>
        <dd>{price(totals.total)}</dd>
      </div>
      <div className="bill-totals__row">
        <dt>{t('paid')}</dt>
        <dd>{price(totals.paid)}</dd>
      </div>
      <div className="bill-totals__row bill-totals__row--due">
        <dt>{t('due')}</dt>
        <dd>{price(totals.due)}</dd>
      </div>
    </dl>
  )
}
