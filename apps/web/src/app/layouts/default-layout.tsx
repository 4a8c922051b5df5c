import { lazy, Suspense, type ReactNode } from 'react'
import { Outlet, useMatch } from 'react-router'
import { useRestaurant, useRestaurantId } from '../../features/restaurant/hooks/use-restaurant'
import { keepsTableSession } from '../../features/table-session/table-session-key'
import { useLanguage, useMessages } from '../../lib/i18n/use-translation'
import { restaurantName } from '../../lib/restaurant-name'
import { LiveIndicator } from '../../lib/realtime/live-indicator'
import { AppHeader, type Area } from './app-header'
import { DinerNav } from './diner-nav'
import { layoutMessages } from './layout-messages'
import './default-layout.css'

// The waiter's tab bar loads with the waiter's screens, not in every diner's first load.
const GarconNav = lazy(async () => ({ default: (await import('./garcon-nav')).GarconNav }))
// Follows a waiter moving the guests; loaded only for a phone that sits at a table.
const TableMoveWatch = lazy(async () => ({
  default: (await import('../../features/table-session/components/table-move-watch'))
    .TableMoveWatch,
}))

interface DefaultFrameProps {
  restaurantId: string
  restaurantName: string
  area: Area
  children: ReactNode
}

/**
 * The layout's markup without its data: the server draws the menu's first screen with it too
 * (`app/first-screen.tsx`), so the app's screen replaces it box for box.
 */
export function DefaultFrame({ restaurantId, restaurantName, area, children }: DefaultFrameProps) {
  const { t } = useMessages(layoutMessages)
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <AppHeader restaurantId={restaurantId} restaurantName={restaurantName} area={area} />
      <main id="main" className="app-main" tabIndex={-1} data-layout="default">
        {children}
      </main>
      {area === 'garcon' ? (
        <Suspense fallback={<div className="tab-bar" />}>
          <GarconNav restaurantId={restaurantId} />
        </Suspense>
      ) : (
        <DinerNav restaurantId={restaurantId} />
      )}
    </>
  )
}

/** The `default` layout (spec §2): header, the screen, and the diner's or the waiter's tab bar. */
export function DefaultLayout() {
  const restaurant = useRestaurant()
  const restaurantId = useRestaurantId()
  const language = useLanguage()
  const inGarconArea = useMatch('/rest/:restaurant_id/garcon/*') !== null
  // Read again on every screen (useMatch follows the location): scanning a table's code
  // stores the session, then opens the menu.
  const atTable = keepsTableSession(restaurantId)
  return (
    <DefaultFrame
      restaurantId={restaurantId}
      restaurantName={restaurantName(restaurant, language)}
      area={inGarconArea ? 'garcon' : 'diner'}
    >
      <LiveIndicator />
      {atTable && !inGarconArea ? (
        <Suspense fallback={null}>
          <TableMoveWatch restaurantId={restaurantId} />
        </Suspense>
      ) : null}
      <Outlet />
    </DefaultFrame>
  )
}
