import { Link } from '../../../components/ui/link'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { DishIcon } from '../../../components/ui/screen-icons'
import { paths } from '../../../config/paths'
import { formatPrice } from '../../../lib/format-price'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { modifierSummary } from '../../../lib/modifier-summary'
import { cartMessages } from '../cart-messages'
import type { LineView } from '../cart-view'
import { QuantityStepper } from './quantity-stepper'
import { MenuPhoto } from '../../../components/ui/menu-photo'

interface CartLineItemProps {
  view: LineView
  restaurant: Pick<Restaurant, 'id' | 'locale' | 'currency'>
  onQuantity: (key: string, quantity: number) => void
  /** Gets the name as shown, for the Undo notice. */
  onRemove: (key: string, name: string) => void
}

/** A dish in the cart: picture, name, add-ons, note, how many, its price or what is wrong. */
export function CartLineItem({ view, restaurant, onQuantity, onRemove }: CartLineItemProps) {
  const { t, language } = useMessages(cartMessages)
  const { entry, problem } = view
  const name = view.name ? localized(view.name, language) : view.missing ? t('unknownDish') : null
  const label = name ?? t('loadingName')
  const price = (minor: number) => formatPrice(minor, restaurant)
  return (
    <li className="cart-line" data-problem={problem ?? undefined}>
      <div className="cart-line__photo" style={{ backgroundColor: view.photo?.color }}>
        {view.photo ? (
          <MenuPhoto
            sizes="64px"
            src={view.photo.url}
            alt=""
            width={64}
            height={64}
            decoding="async"
          />
        ) : (
          <DishIcon size={28} />
        )}
      </div>
      <div className="cart-line__body">
        <div className="cart-line__head">
          <h2 className="cart-line__name">
            {name ?? (
              <span className="cart-line__skeleton">
                <span className="visually-hidden">{label}</span>
              </span>
            )}
            {view.ageRestricted ? <span className="cart-line__adult">{t('adult')}</span> : null}
          </h2>
          {view.lineTotal !== null && !problem ? (
            <p className="cart-line__price" data-pending={view.repricing || undefined}>
              {price(view.lineTotal)}
            </p>
          ) : null}
        </div>
        {view.modifiers.length > 0 ? (
          <p className="cart-line__modifiers">{modifierSummary(view.modifiers, language, price)}</p>
        ) : null}
        {entry.comment ? <p className="cart-line__comment">{entry.comment}</p> : null}
        {problem ? (
          <div className="cart-line__problem" role="note">
            <p className="cart-line__problem-text">{t(problem)}</p>
            {problem === 'invalid_modifiers' ? (
              <Link className="cart-line__action" to={paths.dish(restaurant.id, entry.dishId)}>
                {t('chooseAgain')}
              </Link>
            ) : null}
            <button
              type="button"
              className="cart-line__action"
              aria-label={t('remove', { name: label })}
              onClick={() => onRemove(entry.key, label)}
            >
              {t('removeShort')}
            </button>
          </div>
        ) : (
          <div className="cart-line__foot">
            <QuantityStepper
              name={label}
              quantity={entry.quantity}
              onChange={(quantity) => onQuantity(entry.key, quantity)}
              onRemove={() => onRemove(entry.key, label)}
            />
            {view.unitPrice !== null && entry.quantity > 1 ? (
              <p className="cart-line__each">{t('each', { price: price(view.unitPrice) })}</p>
            ) : null}
          </div>
        )}
      </div>
    </li>
  )
}
