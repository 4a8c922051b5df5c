import { useId, type ReactNode } from 'react'
import { MAX_LINE_COMMENT, MAX_LINE_QUANTITY, type CartLine } from '@tableside/contracts/cart'
import type { Dish } from '@tableside/contracts/menu'
import type { Restaurant } from '@tableside/contracts/restaurants'
import { formatPrice } from '../../../lib/format-price'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dishDetailsMessages } from '../dish-details-messages'
import { useDishForm } from '../hooks/use-dish-form'
import { DishFacts } from './dish-facts'
import { ModifierGroupField } from './modifier-group-field'
import './dish-details.css'

export interface DishDetailsProps {
  dish: Dish
  restaurant: Pick<Restaurant, 'locale' | 'currency'>
  /** h2 in the dish window, h1 on the dish page. */
  heading: 'h1' | 'h2'
  titleId?: string
  /** Beside the name, e.g. sharing. */
  actions?: ReactNode
  onAdd: (line: CartLine) => void
}

/** Everything about a dish and the form that puts it in the cart, with the menu's rules enforced. */
export function DishDetails({
  dish,
  restaurant,
  heading: Heading,
  titleId,
  actions,
  onAdd,
}: DishDetailsProps) {
  const { t, language } = useMessages(dishDetailsMessages)
  const form = useDishForm(dish, onAdd)
  const { reason, quantity, comment } = form
  const reasonId = useId()
  const commentId = useId()
  const price = (minor: number) => formatPrice(minor, restaurant)

  return (
    <article className="dish-details">
      <div className="dish-details__photo" style={{ backgroundColor: dish.photo?.color }}>
        {dish.photo ? (
          <MenuPhoto
            src={dish.photo.url}
            sizes="(min-width: 720px) 480px, 100vw"
            alt={localized(dish.photo.alt, language)}
            width={400}
            height={300}
            fetchPriority="high"
          />
        ) : null}
      </div>
      <div className="dish-details__content">
        <div className="dish-details__head">
          <Heading id={titleId} className="dish-details__name">
            {localized(dish.name, language)}
          </Heading>
          {actions}
        </div>
        <DishFacts dish={dish} price={price} />

        <form className="dish-details__form" onSubmit={form.submit}>
          {dish.modifierGroups.map((group) => (
            <ModifierGroupField
              key={group.id}
              dishId={dish.id}
              group={group}
              chosen={form.selection[group.id] ?? []}
              unmet={form.unmet?.id === group.id}
              price={price}
              onToggle={(optionId) => form.toggle(group, optionId)}
            />
          ))}

          <div className="dish-details__comment">
            <label htmlFor={commentId}>{t('comment')}</label>
            <textarea
              id={commentId}
              rows={2}
              maxLength={MAX_LINE_COMMENT}
              placeholder={t('commentHint')}
              value={comment}
              onChange={(event) => form.setComment(event.target.value)}
            />
            <span className="dish-details__counter" aria-hidden="true">
              {comment.length}/{MAX_LINE_COMMENT}
            </span>
          </div>

          <div className="dish-details__footer">
            {reason ? (
              <p id={reasonId} className="dish-details__reason">
                {reason}
              </p>
            ) : null}
            <div className="dish-details__actions">
              <div className="stepper" role="group" aria-label={t('quantity')}>
                <button
                  type="button"
                  aria-label={t('less')}
                  disabled={quantity <= 1}
                  onClick={() => form.setQuantity(quantity - 1)}
                >
                  −
                </button>
                <output aria-live="polite">{quantity}</output>
                <button
                  type="button"
                  aria-label={t('more')}
                  disabled={quantity >= MAX_LINE_QUANTITY}
                  onClick={() => form.setQuantity(quantity + 1)}
                >
                  +
                </button>
              </div>
              <button
                type="submit"
                className="dish-details__add"
                disabled={reason !== undefined}
                aria-describedby={reason ? reasonId : undefined}
              >
                {t('add', { total: price(form.total) })}
              </button>
            </div>
          </div>
        </form>
      </div>
    </article>
  )
}
