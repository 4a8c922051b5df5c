import { Outlet, useMatch } from 'react-router'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { useMessages } from '../../lib/i18n/use-translation'
import { LiveIndicator } from '../../features/realtime/live-indicator'
import { AppHeader } from './app-header'
import { DinerNav } from './diner-nav'
import { GarconNav } from './garcon-nav'
import { layoutMessages } from './layout-messages'
import './default-layout.css'

/** The `default` layout (spec §2): header, the screen, and the diner's or the waiter's tab bar. */
export function DefaultLayout() {
  const restaurant = useRestaurant()
  const restaurantId = useRestaurantId()
  const inGarconArea = useMatch('/rest/:restaurant_id/garcon/*') !== null
  const { t } = useMessages(layoutMessages)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <AppHeader
        restaurantId={restaurantId}
        restaurantName={restaurant.name}
        area={inGarconArea ? 'garcon' : 'diner'}
      />
      <main id="main" className="app-main" tabIndex={-1} data-layout="default">
        <LiveIndicator />
        <Outlet />
      </main>
      {inGarconArea ? (
        <GarconNav restaurantId={restaurantId} />
      ) : (
        <DinerNav restaurantId={restaurantId} />
      )}
    </>
  )
}
