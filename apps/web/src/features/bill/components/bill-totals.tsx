import type { Bill } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'
import '../../../components/ui/totals-rows.css'
import './bill-totals.css'

const messages = defineMessages({
  en: {
    subtotal: 'Dishes',
    serviceCharge: 'Service charge',
    total: 'Total for the table',
    paid: 'Paid',
    pending: 'Being paid now',
    due: 'To pay',
    tips: 'Tips, on top of the bill',
  },
  ru: {
    subtotal: 'Блюда',
    serviceCharge: 'Сервисный сбор',
    total: 'Итого по столу',
    paid: 'Уже оплачено',
    pending: 'Оплачивается сейчас',
    due: 'К оплате',
    tips: 'Чаевые сверх счёта',
  },
})

/**
 * The table's sums: dishes, service charge, total, what is paid, what payments in progress hold,
 * what is left to pay, and the tips given on top.
 */
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
    <dl className="totals-rows bill-totals">
      <div className="totals-rows__row">
        <dt>{t('subtotal')}</dt>
        <dd>{price(totals.subtotal)}</dd>
      </div>
      {totals.serviceCharge > 0 ? (
        <div className="totals-rows__row">
          <dt>{t('serviceCharge')}</dt>
          <dd>{price(totals.serviceCharge)}</dd>
        </div>
      ) : null}
      <div className="totals-rows__row totals-rows__row--total bill-totals__row--total">
        <dt>{t('total')}</dt>
        <dd>{price(totals.total)}</dd>
      </div>
      <div className="totals-rows__row">
        <dt>{t('paid')}</dt>
        <dd>{price(totals.paid)}</dd>
      </div>
      {totals.pending > 0 ? (
        <div className="totals-rows__row bill-totals__row--pending">
          <dt>{t('pending')}</dt>
          <dd>{price(totals.pending)}</dd>
        </div>
      ) : null}
      <div className="totals-rows__row bill-totals__row--due">
        <dt>{t('due')}</dt>
        <dd>{price(totals.due)}</dd>
      </div>
      {totals.tips > 0 ? (
        <div className="totals-rows__row bill-totals__row--tips">
          <dt>{t('tips')}</dt>
          <dd>{price(totals.tips)}</dd>
        </div>
      ) : null}
    </dl>
  )
}
