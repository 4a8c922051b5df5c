import type { OrderTotals as Totals } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderWords } from '../order-messages'
import '../../../components/ui/totals-rows.css'

const PARTS = ['subtotal', 'serviceCharge', 'deliveryFee', 'discount', 'tip'] as const

/** What the order costs: the dishes, every fee that applies, and the total. */
export function OrderTotals({
  totals,
  restaurant,
}: {
  totals: Totals
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
}) {
  const { t } = useMessages(orderWords)
  const price = (minor: number) => formatPrice(minor, restaurant)
  return (
    <dl className="totals-rows">
      {PARTS.filter((part) => part === 'subtotal' || totals[part] > 0).map((part) => (
        <div key={part} className="totals-rows__row">
          <dt>{t(part)}</dt>
          <dd>{part === 'discount' ? `−${price(totals[part])}` : price(totals[part])}</dd>
        </div>
      ))}
      <div className="totals-rows__row totals-rows__row--total">
        <dt>{t('total')}</dt>
        <dd>{price(totals.total)}</dd>
      </div>
    </dl>
  )
}
