import { lazy, Suspense, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { menuUpdated, restaurantChannel } from '@tableside/contracts/realtime-events'
import { useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router'
import { Link } from '../../components/ui/link'
import { buttonClass } from '../../components/ui/button'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { FavouriteButton } from '../../features/favourites/components/favourite-button'
import { useProfileToken } from '../../features/client/profile-session-store'
import { useFavouritesSource } from '../../features/favourites/use-favourites-source'
import { confirmAge, isAgeConfirmed } from '../../features/menu/age-confirmation'
import { dishQueryOptions, ensureDish } from '../../features/menu/api/get-dish'
import { applyMenuUpdate } from '../../features/menu/api/menu-updates'
import { DishDetails } from '../../features/menu/components/dish-details'
import { ShareButton } from '../../features/menu/components/share-button'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useApiClient } from '../../lib/app-context'
import { localized } from '../../lib/i18n/localized-text'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import type { AppDeps } from '../app-deps'
import { screenMessages } from '../screen-messages'
import './dish.css'

const AgeGate = lazy(() => import('../../features/menu/components/age-gate'))

const messages = defineMessages({
  en: {
    notFound: 'This dish is not on the menu',
    notFoundText:
      'It may have been taken off the menu. Everything the kitchen cooks today is in the menu.',
    failed: 'The dish did not load. Check the connection and try again.',
    retry: 'Try again',
    openMenu: 'Open the menu',
  },
  ru: {
    notFound: 'Этого блюда нет в меню',
    notFoundText: 'Возможно, его убрали из меню. Всё, что кухня готовит сегодня, — в меню.',
    failed: 'Блюдо не загрузилось. Проверьте связь и попробуйте ещё раз.',
    retry: 'Повторить',
    openMenu: 'Открыть меню',
  },
})

/** A shared link opens the dish at once: the menu it is read from is loaded with the route. */
export function dishLoader({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return async ({ params }: LoaderFunctionArgs) => {
    const { restaurant_id: restaurantId, id } = params
    if (restaurantId && id) await ensureDish(queryClient, api, restaurantId, id).catch(() => null)
    return null
  }
}

/** `/dishes/:id` in the `dish` layout: a dish page to share, with the same form as the window. */
export function DishRoute() {
  const restaurant = useRestaurant()
  const restaurantId = restaurant.id
  const { id = '' } = useParams()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const location = useLocation()
  const { t, language } = useMessages(messages)
  const screen = useMessages(screenMessages)
  const dish = useQuery(dishQueryOptions(api, restaurantId, id))
  const cart = useCart(restaurantId)
  const favourites = useFavouritesSource(restaurantId, useProfileToken())
  const [ageConfirmed, setAgeConfirmed] = useState(() => isAgeConfirmed(restaurantId))

  // The page reads the dish from the cached menu: a stop-list change shows here at once.
  useChannelEvent(restaurantChannel(restaurantId), menuUpdated, (update) =>
    applyMenuUpdate(queryClient, api, restaurantId, update),
  )

  const toMenu = () =>
    void (location.key === 'default'
      ? navigate(paths.menu(restaurantId), { replace: true })
      : navigate(-1))
  const title = (page: string) => (
    <title>{screen.t('pageTitle', { page, place: restaurant.name })}</title>
  )

  if (dish.data === undefined) {
    return (
      <div className="dish-page dish-page--message">
        {title(t('failed'))}
        <h1>{dish.isError ? t('failed') : ''}</h1>
        {dish.isError ? (
          <button type="button" className={buttonClass()} onClick={() => void dish.refetch()}>
            {t('retry')}
          </button>
        ) : null}
      </div>
    )
  }
  if (dish.data === null) {
    return (
      <div className="dish-page dish-page--message">
        {title(t('notFound'))}
        <h1>{t('notFound')}</h1>
        <p>{t('notFoundText')}</p>
        <Link to={paths.menu(restaurantId)} className={buttonClass()}>
          {t('openMenu')}
        </Link>
      </div>
    )
  }

  const found = dish.data
  const name = localized(found.name, language)
  if (found.ageRestricted && !ageConfirmed) {
    return (
      <div className="dish-page">
        {title(name)}
        <h1 className="visually-hidden">{name}</h1>
        <Suspense fallback={null}>
          <AgeGate
            dishName={name}
            onConfirm={() => {
              confirmAge(restaurantId)
              setAgeConfirmed(true)
            }}
            onDecline={toMenu}
          />
        </Suspense>
      </div>
    )
  }
  return (
    <div className="dish-page">
      {title(name)}
      <DishDetails
        dish={found}
        restaurant={restaurant}
        heading="h1"
        actions={
          <>
            <FavouriteButton source={favourites} dishId={found.id} name={name} />
            <ShareButton title={name} url={paths.dish(restaurantId, found.id)} />
          </>
        }
        onAdd={(line) => {
          cart.add(line)
          toMenu()
        }}
      />
    </div>
  )
}
