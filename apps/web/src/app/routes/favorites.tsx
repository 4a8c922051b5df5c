import { useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Dish } from '@tableside/contracts/menu'
import { useNavigate } from 'react-router'
import { buttonClass } from '../../components/ui/button'
import { Link } from '../../components/ui/link'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { FavouriteItem } from '../../features/favourites/components/favourite-item'
import { FavouritesEmpty } from '../../features/favourites/components/favourites-empty'
import { favouritesMessages } from '../../features/favourites/favourites-messages'
import { useFavourites } from '../../features/favourites/use-favourites'
import { useProfileToken } from '../../features/client/profile-session-store'
import { useFavouritesSource } from '../../features/favourites/use-favourites-source'
import { isAgeConfirmed } from '../../features/menu/age-confirmation'
import { menuQueryOptions } from '../../features/menu/api/get-menu'
import { menuMessages } from '../../features/menu/menu-messages'
import { formatPortion } from '../../features/menu/menu-text'
import { quickAddLine } from '../../features/menu/quick-add-line'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useApiClient } from '../../lib/app-context'
import { formatPrice } from '../../lib/format-price'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import './favorites.css'

/**
 * `/favorites` (issue 16, decision 0052): the dishes the diner saved with the heart, newest
 * first, each as today's menu has it (price, sold out, or gone), with the menu's quick add.
 */
export function FavoritesRoute() {
  const restaurant = useRestaurant()
  const restaurantId = restaurant.id
  const api = useApiClient()
  const navigate = useNavigate()
  const { t, language } = useMessages(favouritesMessages)
  const labels = useMessages(menuMessages)
  const profileToken = useProfileToken()
  const favourites = useFavourites(useFavouritesSource(restaurantId, profileToken))
  const cart = useCart(restaurantId)
  const menu = useQuery(menuQueryOptions(api, restaurantId))
  const dishes = useMemo(
    () => (menu.data ? new Map<string, Dish>(menu.data.dishes.map((d) => [d.id, d])) : undefined),
    [menu.data],
  )
  const [said, say] = useState('')
  const list = useRef<HTMLUListElement>(null)

  const add = (dish: Dish, name: string) => {
    const line = quickAddLine(dish, isAgeConfirmed(restaurantId))
    // Options to choose or the age check: the dish's page asks, and Back returns here.
    if (!line) {
      void navigate(paths.dish(restaurantId, dish.id))
      return
    }
    cart.add(line)
    say(t('added', { name }))
  }

  return (
    <Screen title={t('title')}>
      <div className="favourites">
        {favourites.list.length === 0 ? (
          <FavouritesEmpty restaurantId={restaurantId} />
        ) : (
          <>
            {menu.isError && !menu.data ? (
              <div className="favourites__failed" role="alert">
                <p>{t('menuFailed')}</p>
                <button
                  type="button"
                  className={buttonClass('secondary')}
                  onClick={() => void menu.refetch()}
                >
                  {t('retry')}
                </button>
              </div>
            ) : null}
            <ul ref={list} className="favourites__list" aria-label={t('listLabel')} tabIndex={-1}>
              {favourites.list.map((entry) => (
                <FavouriteItem
                  key={entry.dishId}
                  entry={entry}
                  dish={dishes ? (dishes.get(entry.dishId) ?? null) : undefined}
                  href={paths.dish(restaurantId, entry.dishId)}
                  price={(minor) => formatPrice(minor, restaurant)}
                  details={(dish) =>
                    [
                      dish.portion && formatPortion(dish.portion, language),
                      ...dish.diet.map((tag) => labels.t(tag)),
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  }
                  onAdd={add}
                  onRemove={(removed, name) => {
                    favourites.remove(removed.dishId)
                    say(t('removed', { name }))
                    // The pressed button leaves with its row; keep the keyboard in the list.
                    list.current?.focus({ preventScroll: true })
                  }}
                />
              ))}
            </ul>
            {cart.count > 0 ? (
              <Link className={buttonClass('secondary')} to={paths.cart(restaurantId)}>
                {t('toCart', { count: cart.count })}
              </Link>
            ) : null}
            <p className="favourites__kept">{t(profileToken ? 'keptInProfile' : 'kept')}</p>
          </>
        )}
        <p className="visually-hidden" role="status">
          {said}
        </p>
      </div>
    </Screen>
  )
}
