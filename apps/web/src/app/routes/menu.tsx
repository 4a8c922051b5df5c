import { lazy, Suspense, useDeferredValue, useLayoutEffect, useMemo, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { Dish } from '@tableside/contracts/menu'
import { restaurantChannel } from '@tableside/contracts/first-screen-reads'
import {
  useLocation,
  useNavigate,
  useSearchParams,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { paths } from '../../config/paths'
import { useCart } from '../../features/cart/cart-store'
import { CartBar } from '../../features/cart/components/cart-bar'
import { isAgeConfirmed } from '../../features/menu/age-confirmation'
import { menuQueryOptions, prefetchMenu } from '../../features/menu/api/get-menu'
import { loadSearch, MenuBrowser } from '../../features/menu/components/menu-browser'
import { useIdlePreload } from '../../features/menu/hooks/use-idle-preload'
import { menuMessages } from '../../features/menu/menu-messages'
import { dishesById } from '../../features/menu/menu-sections'
import { canQuickAdd, initialSelection } from '../../features/menu/quick-add'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { LazyStoriesRow } from '../../features/stories/components/lazy-stories-row'
import { buttonClass } from '../../components/ui/button'
import { formatPrice } from '../../lib/format-price'
import { useApiClient } from '../../lib/app-context'
import { takeDrawnAdds, useReplaceFirstScreen } from '../../lib/first-screen'
import { localized } from '../../lib/i18n/localized-text'
import { useMessages } from '../../lib/i18n/use-translation'
import { KEEP_SCROLL } from '../layouts/use-scroll-restoration'
import type { AppDeps } from '../app-deps'
import { screenMessages } from '../screen-messages'
import './menu.css'

// Who the restaurant is, under the menu (decision 0115).
const RestaurantCard = lazy(async () => ({
  default: (await import('../../features/restaurant-info/components/restaurant-card'))
    .RestaurantCard,
}))

const loadDishDialogs = () => import('../../features/menu/components/dish-dialogs')
const DishDialogs = lazy(loadDishDialogs)
const loadHearts = () => import('./menu-hearts')
type Hearts = Awaited<ReturnType<typeof loadHearts>>

// Its contract loads with the realtime client, out of the first load (decision 0124).
const menuUpdated = {
  load: async () => (await import('@tableside/contracts/realtime-events')).menuUpdated,
}

/** Starts the menu's request with the route; the screen shows its skeleton meanwhile. */
export function menuLoader({ queryClient, api }: Pick<AppDeps, 'queryClient' | 'api'>) {
  return ({ params }: LoaderFunctionArgs) => {
    if (params.restaurant_id) prefetchMenu(queryClient, api, params.restaurant_id)
    return null
  }
}

/** Opening a dish or switching menus changes only the query: nothing to load again. */
export const menuShouldRevalidate = ({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) =>
  currentParams.restaurant_id !== nextParams.restaurant_id

/** `/menu`: stories, the menus with search, the dish window (`?dish=`), the cart bar. */
export function MenuRoute() {
  const restaurant = useRestaurant()
  const restaurantId = restaurant.id
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t, language } = useMessages(menuMessages)
  const screen = useMessages(screenMessages)
  const menu = useQuery(menuQueryOptions(api, restaurantId))
  const cart = useCart(restaurantId)
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const location = useLocation()
  const [said, say] = useState('')
  // The hearts' code comes when the browser is idle after the menu is drawn, out of the first
  // load (decision 0052); the cards draw the same hearts meanwhile.
  const [hearts, setHearts] = useState<Hearts>()
  // The menu (every category, every card) is drawn in slices the browser may interrupt, not in
  // one long task: a tap meanwhile is answered (decision 0124). The drawing stays until then.
  const data = useDeferredValue(menu.data)
  const dishes = useMemo(() => data && dishesById(data), [data])
  const announce = (dish: Dish) => say(t('added', { name: localized(dish.name, language) }))
  const addToCart = (dish: Dish) => {
    cart.add({
      dishId: dish.id,
      quantity: 1,
      optionIds: Object.values(initialSelection(dish)).flat(),
    })
    announce(dish)
  }

  // Stop-list changes come rarely and after the first paint: their code loads with the first.
  useChannelEvent(restaurantChannel(restaurantId), menuUpdated, (update) => {
    void import('../../features/menu/api/menu-updates').then(({ applyMenuUpdate }) =>
      applyMenuUpdate(queryClient, api, restaurantId, update),
    )
    // The cart bar's total is the server's: priced again with the new menu.
    void import('../../features/cart/api/quote-cart').then(({ invalidateCartQuotes }) => {
      invalidateCartQuotes(queryClient, restaurantId)
    })
  })
  // The dishes added on the server's drawing before the app ran (decision 0124) go to the cart
  // in the commit that replaces the drawing, so their counts stay on screen. One the menu no
  // longer adds in one tap (sold out meanwhile) is left out.
  useLayoutEffect(() => {
    if (!dishes) return
    for (const id of takeDrawnAdds()) {
      const dish = dishes.get(id)
      // The taps happened outside React, on the drawing: they enter the cart (and the spoken
      // "added") here, before the frame that shows the app's screen.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (dish && canQuickAdd(dish) && !dish.ageRestricted) addToCart(dish)
    }
    // Once, when the menu first arrives; the list empties as it is read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dishes])
  // The server's drawing of this screen stays until the menu is drawn here, not the skeleton.
  useReplaceFirstScreen(data !== undefined || menu.isError)
  // Who the restaurant is, under the menu: drawn once the browser is idle (not in the first load).
  const [aboutShown, setAboutShown] = useState(false)
  useIdlePreload(data !== undefined, () => {
    setAboutShown(true)
    void loadHearts().then(setHearts)
    void loadDishDialogs()
    void loadSearch()
  })

  const inCart = useMemo(() => {
    const counts = new Map<string, number>()
    for (const line of cart.lines) {
      counts.set(line.dishId, (counts.get(line.dishId) ?? 0) + line.quantity)
    }
    return counts
  }, [cart.lines])
  const dishParam = params.get('dish')
  const openDish = dishParam === null ? undefined : dishes?.get(dishParam)

  const withParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params)
    if (value === null) next.delete(name)
    else next.set(name, value)
    return `?${next.toString()}`
  }
  // The window is a step of history: Back closes it and the menu stays where it was.
  const open = (dishId: string) => void navigate(withParam('dish', dishId), { state: KEEP_SCROLL })
  const close = () =>
    void (location.state === null
      ? navigate(withParam('dish', null), { replace: true, state: KEEP_SCROLL })
      : navigate(-1))

  return (
    <div className="menu-screen">
      <title>{screen.t('pageTitle', { page: t('title'), place: restaurant.name })}</title>
      <h1 className="visually-hidden">{t('title')}</h1>
      <LazyStoriesRow restaurantId={restaurantId} onOpenDish={open} />
      {data ? (
        <MenuBrowser
          data={data}
          timezone={restaurant.timezone}
          menuId={params.get('menu')}
          onMenuChange={(id) =>
            void navigate(withParam('menu', id), { replace: true, state: KEEP_SCROLL })
          }
          actions={{
            open: (dish) => open(dish.id),
            add: (dish) => {
              // An 18+ dish goes through the age check in the dish window first.
              if (!canQuickAdd(dish) || (dish.ageRestricted && !isAgeConfirmed(restaurantId))) {
                open(dish.id)
                return
              }
              addToCart(dish)
            },
            href: (dish) => withParam('dish', dish.id),
            price: (minor) => formatPrice(minor, restaurant),
            inCart: (dish) => inCart.get(dish.id) ?? 0,
            heart: hearts?.cardHearts(restaurantId, say),
          }}
        />
      ) : menu.isError ? (
        <div className="menu-error" role="alert">
          <p>{t('failed')}</p>
          <button type="button" className={buttonClass()} onClick={() => void menu.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <div className="menu-skeleton" role="status" aria-label={t('loading')} />
      )}
      {data && aboutShown ? (
        <Suspense fallback={null}>
          <RestaurantCard restaurant={restaurant} />
        </Suspense>
      ) : null}
      <CartBar restaurantId={restaurantId} currency={restaurant} />
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {openDish ? (
        <Suspense fallback={null}>
          <DishDialogs
            dish={openDish}
            restaurant={restaurant}
            pageUrl={paths.dish(restaurantId, openDish.id)}
            heart={hearts?.windowHeart}
            onAdd={(line) => {
              cart.add(line)
              announce(openDish)
              close()
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
