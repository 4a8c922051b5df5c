import type { OrderLine } from '@tableside/contracts/orders'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { modifierSummary } from '../../../lib/modifier-summary'
import { orderWords } from '../order-messages'
import './order-lines.css'

interface OrderLinesProps {
  lines: readonly OrderLine[]
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  label: string
}

/** The dishes of an order as they were ordered: name, add-ons, note, how many, price. */
export function OrderLines({ lines, restaurant, label }: OrderLinesProps) {
  const { t, language } = useMessages(orderWords)
  const price = (minor: number) => formatPrice(minor, restaurant)
  return (
    <ul className="order-lines" aria-label={label}>
      {lines.map((line, index) => (
        <li key={`${line.dishId}-${String(index)}`} className="order-line">
          <span className="order-line__quantity">{t('quantity', { count: line.quantity })}</span>
          <div className="order-line__body">
            <p className="order-line__name">{localized(line.name, language)}</p>
            {line.modifiers.length > 0 ? (
              <p className="order-line__modifiers">
                {modifierSummary(line.modifiers, language, price)}
              </p>
            ) : null}
            {line.comment ? <p className="order-line__comment">{line.comment}</p> : null}
            {line.refundedQuantity ? (
              <p className="order-line__taken-off">
                {t('lineRefunded', { count: line.refundedQuantity })}
              </p>
            ) : null}
            {line.compedQuantity ? (
              <p className="order-line__taken-off">
                {t('lineComped', { count: line.compedQuantity })}
              </p>
            ) : null}
          </div>
          <span className="order-line__price">{price(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  )
}
