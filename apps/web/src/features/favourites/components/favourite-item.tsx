import type { Favourite } from '@tableside/contracts/favourites'
import type { Dish } from '@tableside/contracts/menu'
import { DishIcon } from '../../../components/ui/screen-icons'
import { Link } from '../../../components/ui/link'
import { localized } from '../../../lib/i18n/localized-text'
import { useMessages } from '../../../lib/i18n/use-translation'
import { heartMessages } from '../favourite-messages'
import { favouritesMessages } from '../favourites-messages'
import '../../../components/ui/heart-toggle.css'
import { MenuPhoto } from '../../../components/ui/menu-photo'

export interface FavouriteItemProps {
  entry: Favourite
  /** The dish in today's menu; null when it is no longer there, undefined while the menu loads. */
  dish: Dish | null | undefined
  href: string
  price: (minor: number) => string
  /** Portion and tags, as the menu's card says them ("300 г · Острое"). */
  details: (dish: Dish) => string
  /** The quick add: one portion, or the dish opened when something must be chosen first. */
  onAdd: (dish: Dish, name: string) => void
  onRemove: (entry: Favourite, name: string) => void
}

/** A saved dish: photo, name, today's price, sold out or gone, quick add and the heart. */
export function FavouriteItem({
  entry,
  dish,
  href,
  price,
  details,
  onAdd,
  onRemove,
}: FavouriteItemProps) {
  const { t, language } = useMessages(favouritesMessages)
  const heart = useMessages(heartMessages)
  const name = dish ? localized(dish.name, language) : entry.name || entry.dishId
  const gone = dish === null
  const soldOut = dish ? !dish.available : false
  const about = dish ? details(dish) : ''
  return (
    <li className="favourite" data-gone={gone || undefined} data-sold-out={soldOut || undefined}>
      <div className="favourite__photo" style={{ backgroundColor: dish?.photo?.color }}>
        {dish?.photo ? (
          <MenuPhoto
            sizes="80px"
            src={dish.photo.url}
            alt=""
            width={80}
            height={80}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <DishIcon size={28} />
        )}
      </div>
      <div className="favourite__body">
        <h2 className="favourite__name">{gone ? name : <Link to={href}>{name}</Link>}</h2>
        {about ? <p className="favourite__details">{about}</p> : null}
        {dish ? (
          <p className="favourite__facts">
            <span className="favourite__price">{price(dish.price)}</span>
            {soldOut ? <span className="favourite__badge">{t('soldOut')}</span> : null}
          </p>
        ) : gone ? (
          <p className="favourite__gone">{t('gone')}</p>
        ) : (
          <p className="favourite__facts">
            <span className="favourite__skeleton">
              <span className="visually-hidden">{t('loadingPrice')}</span>
            </span>
          </p>
        )}
      </div>
      <div className="favourite__actions">
        {gone ? (
          <button
            type="button"
            className="favourite__remove"
            aria-label={t('remove', { name })}
            onClick={() => onRemove(entry, name)}
          >
            {t('removeShort')}
          </button>
        ) : (
          <button
            type="button"
            className="heart-toggle"
            aria-pressed="true"
            aria-label={heart.t('label', { name })}
            onClick={() => onRemove(entry, name)}
          />
        )}
        {dish?.available ? (
          <button
            type="button"
            className="favourite__add"
            aria-label={t('add', { name })}
            onClick={() => onAdd(dish, name)}
          />
        ) : null}
      </div>
    </li>
  )
}
