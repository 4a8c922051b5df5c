import type { OrderTotals as Totals } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { useMessages } from '../../../lib/i18n/use-translation'
import { orderWords } from '../order-messages'
import '../../../components/ui/totals-rows.css'

const PARTS = ['subtotal', 'serviceCharge', 'deliveryFee', 'discount', 'tip'] as const

/** What the order costs: the dishes and every fee that applies, when there is one, and the total. */
export function OrderTotals({
  totals,
  restaurant,
  bonusPoints = 0,
}: {
  totals: Totals
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** Points spent on it: its discount is them, said so (decision 0060). */
  bonusPoints?: number
}) {
  const { t } = useMessages(orderWords)
  const price = (minor: number) => formatPrice(minor, restaurant)
  // The dishes' sum is worth a row only beside a fee or a discount; alone it repeats the total.
  const extras = PARTS.filter((part) => part !== 'subtotal' && totals[part] > 0)
  const parts = extras.length > 0 ? (['subtotal', ...extras] as const) : []
  return (
    <dl className="totals-rows">
      {parts.map((part) => (
        <div key={part} className="totals-rows__row">
          <dt>{part === 'discount' && bonusPoints > 0 ? t('paidInPoints') : t(part)}</dt>
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
