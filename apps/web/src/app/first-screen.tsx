import { MemoryRouter } from 'react-router'
import type { FirstScreenInput } from '@tableside/contracts/first-screen'
import { MenuBrowser } from '../features/menu/components/menu-browser'
import { menuMessages } from '../features/menu/menu-messages'
import { canQuickAdd } from '../features/menu/quick-add'
import { StoriesRowPlaceholder } from '../features/stories/components/stories-row-placeholder'
import { formatPrice } from '../lib/format-price'
import { RestaurantLanguageContext, useMessages } from '../lib/i18n/use-translation'
import { DefaultFrame } from './layouts/default-layout'

const nothing = () => undefined

function MenuFirstScreen({ restaurant, menu, hasStories, url }: FirstScreenInput) {
  const { t } = useMessages(menuMessages)
  const params = new URL(url, 'http://page').searchParams
  return (
    <DefaultFrame restaurantId={restaurant.id} restaurantName={restaurant.name} area="diner">
      {/* As `routes/menu.tsx` draws it before anyone has a cart: no counts, no cart bar. */}
      <div className="menu-screen">
        <h1 className="visually-hidden">{t('title')}</h1>
        {hasStories ? <StoriesRowPlaceholder /> : null}
        <MenuBrowser
          data={menu}
          timezone={restaurant.timezone}
          menuId={params.get('menu')}
          onMenuChange={nothing}
          actions={{
            open: nothing,
            add: nothing,
            href: (dish) => {
              const next = new URLSearchParams(params)
              next.set('dish', dish.id)
              return `?${next.toString()}`
            },
            price: (minor) => formatPrice(minor, restaurant),
            inCart: () => 0,
            // Answered before the app runs (decision 0124); an 18+ dish waits for the age check.
            quickAdd: (dish) => canQuickAdd(dish) && !dish.ageRestricted,
          }}
        />
      </div>
    </DefaultFrame>
  )
}

/**
 * The menu screen as the app draws it once its code and data are in, drawn by the server into
 * the page (decision 0025): the same components, so the app replaces it without a visible
 * change. Links work as plain links until then; buttons wait for the app, but for the "+" of
 * a dish that goes to the cart in one tap, which the page's starter answers (decision 0124).
 */
export function FirstScreen(input: FirstScreenInput) {
  return (
    <MemoryRouter initialEntries={[input.url]}>
      <RestaurantLanguageContext value={input.language}>
        <MenuFirstScreen {...input} />
      </RestaurantLanguageContext>
    </MemoryRouter>
  )
}
