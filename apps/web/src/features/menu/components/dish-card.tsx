import type { Dish } from '@tableside/contracts/menu'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { MouseEvent, ReactNode } from 'react'
import { MenuPhoto } from '../../../components/ui/menu-photo'
import { localized } from '../../../lib/i18n/localized-text'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { MenuMessageKey } from '../menu-messages'
import { formatPortion } from '../menu-text'
import './dish-card.css'

export interface DishCardActions {
  /** Opens the dish (window or age check); the link's own address is for new tabs and sharing. */
  open: (dish: Dish) => void
  /** The "+" on the card: adds at once, or opens the dish when something must be chosen. */
  add: (dish: Dish) => void
  href: (dish: Dish) => string
  price: (minor: number) => string
  /** Portions of the dish already in the cart. */
  inCart: (dish: Dish) => number
  /**
   * The favourite heart over the photo, once its code is in (decision 0052); until then, and on
   * the server's drawing, the card's CSS draws the same heart, not yet a control.
   */
  heart?: ((dish: Dish, name: string) => ReactNode) | undefined
  /**
   * The server's drawing only: whether the "+" puts the dish in the cart in one tap. Such a
   * button is marked (`data-quick-add`, with the count's words), so the page's starter answers
   * a tap on it before the app runs and the menu adds the dish when it takes over (decision 0124).
   */
  quickAdd?: ((dish: Dish) => boolean) | undefined
}

interface DishCardProps {
  dish: Dish
  actions: DishCardActions
  language: UiLanguage
  t: Translate<MenuMessageKey>
  /** The first cards on the screen load their photos at once; the rest when scrolled near. */
  eager?: boolean
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** A dish in the menu: photo, name, portion, price, tags; the whole card opens it. */
export function DishCard({ dish, actions, language, t, eager = false }: DishCardProps) {
  const name = localized(dish.name, language)
  const count = actions.inCart(dish)
  const tags = [
    dish.portion && formatPortion(dish.portion, language),
    ...dish.diet.map((tag) => t(tag)),
  ].filter(Boolean)
  return (
    <article className="dish-card" data-sold-out={dish.available ? undefined : true}>
      <div className="dish-card__body">
        <a
          className="dish-card__name"
          href={actions.href(dish)}
          onClick={(event) => {
            if (!plainClick(event)) return
            event.preventDefault()
            actions.open(dish)
          }}
        >
          {name}
          {dish.ageRestricted ? <span className="dish-card__adult"> 18+</span> : null}
        </a>
        {dish.description ? (
          <p className="dish-card__description">{localized(dish.description, language)}</p>
        ) : null}
        {tags.length > 0 ? <p className="dish-card__tags">{tags.join(' · ')}</p> : null}
        <p className="dish-card__price">
          {actions.price(dish.price)}
          {dish.highlight ? <span className="dish-card__badge">{t(dish.highlight)}</span> : null}
        </p>
      </div>
      <div className="dish-card__media" style={{ backgroundColor: dish.photo?.color }}>
        {dish.photo ? (
          <MenuPhoto
            src={dish.photo.url}
            sizes="128px"
            alt={localized(dish.photo.alt, language)}
            width={128}
            height={96}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : null}
        {actions.heart?.(dish, name)}
        {count > 0 ? (
          <span className="dish-card__count">
            <span className="visually-hidden">{t('inCart', { count })}</span>
            <span aria-hidden="true">{count}</span>
          </span>
        ) : null}
        {dish.available ? (
          <button
            type="button"
            className="dish-card__add"
            aria-label={t('add', { name })}
            data-quick-add={actions.quickAdd?.(dish) ? dish.id : undefined}
            data-in-cart={actions.quickAdd?.(dish) ? t('inCart', { count: '{count}' }) : undefined}
            onClick={() => actions.add(dish)}
          ></button>
        ) : (
          <span className="dish-card__sold-out">{t('soldOut')}</span>
        )}
      </div>
    </article>
  )
}
