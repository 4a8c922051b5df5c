import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import type { AppDeps } from './app-deps'
import { AppLoading } from './app-loading'
import { RootLayout } from './layouts/root-layout'
import { RootErrorBoundary } from './root-error-boundary'

/**
 * A route whose module only draws its screen: `lazy` that loads the module and names the
 * component. One small function instead of the same wrapper twenty times in the first load.
 */
const screen =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] })

/**
 * Every screen of spec §2, exactly the contract's `APP_ROUTES` (router.test.ts), which the
 * server serves as pages. Each route module is its own chunk, loaded when first visited. A
 * route with children frames their screens; `handle.screen` marks one that is a screen too.
 */
export function createAppRoutes(deps: AppDeps): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      errorElement: <RootErrorBoundary reportError={deps.reportError} />,
      HydrateFallback: AppLoading,
      children: [
        {
          index: true,
          lazy: async () => {
            const { LandingRoute, landingLoader } = await import('./routes/landing')
            return { Component: LandingRoute, loader: landingLoader(deps) }
          },
        },
        {
          // The sandbox acquirer's hosted page: the bank's screen, outside the restaurant's.
          id: 'sandbox-payment',
          path: 'sandbox-acquirer/pay/:ref',
          lazy: async () => {
            const [{ SandboxPaymentRoute }, { sandboxPaymentLoader }] = await Promise.all([
              import('../features/sandbox-acquirer/components/sandbox-payment-page'),
              import('../features/sandbox-acquirer/api/get-sandbox-payment'),
            ])
            return {
              Component: SandboxPaymentRoute,
              loader: sandboxPaymentLoader(deps.queryClient),
            }
          },
        },
        {
          id: 'restaurant',
          path: 'rest/:restaurant_id',
          lazy: async () => {
            const { RestaurantRoute, restaurantLoader } = await import('./routes/restaurant')
            return { Component: RestaurantRoute, loader: restaurantLoader(deps) }
          },
          children: [
            {
              lazy: screen(() => import('./layouts/default-layout'), 'DefaultLayout'),
              children: [
                {
                  path: 'init',
                  lazy: async () => {
                    const { InitRoute, initLoader } = await import('./routes/init')
                    return { Component: InitRoute, loader: initLoader(deps) }
                  },
                },
                {
                  path: 'menu',
                  lazy: async () => {
                    const { MenuRoute, menuLoader, menuShouldRevalidate } =
                      await import('./routes/menu')
                    return {
                      Component: MenuRoute,
                      loader: menuLoader(deps),
                      shouldRevalidate: menuShouldRevalidate,
                    }
                  },
                },
                {
                  path: 'cart',
                  lazy: screen(() => import('./routes/cart'), 'CartRoute'),
                },
                {
                  path: 'order',
                  lazy: screen(() => import('./routes/checkout'), 'CheckoutRoute'),
                },
                {
                  path: 'order/:id',
                  // A screen itself, not only the frame of Pay, Success and Fail.
                  handle: { screen: true },
                  lazy: screen(() => import('./routes/order'), 'OrderRoute'),
                  children: [
                    {
                      path: 'pay',
                      lazy: async () => {
                        const [{ isOnlinePayment }, { OrderPayRoute }] = await Promise.all([
                          import('./guards/is-online-payment'),
                          import('./routes/order-pay'),
                        ])
                        return { loader: isOnlinePayment(deps), Component: OrderPayRoute }
                      },
                    },
                    {
                      path: 'success',
                      lazy: screen(() => import('./routes/order-success'), 'OrderSuccessRoute'),
                    },
                    {
                      path: 'fail',
                      lazy: screen(() => import('./routes/order-fail'), 'OrderFailRoute'),
                    },
                  ],
                },
                {
                  path: 'orders',
                  lazy: screen(() => import('./routes/orders'), 'OrdersRoute'),
                },
                {
                  path: 'bill',
                  lazy: screen(() => import('./routes/bill'), 'BillRoute'),
                },
                {
                  path: 'call',
                  lazy: screen(() => import('./routes/call'), 'CallRoute'),
                },
                {
                  path: 'favorites',
                  lazy: screen(() => import('./routes/favorites'), 'FavoritesRoute'),
                },
                {
                  path: 'history',
                  lazy: screen(() => import('./routes/history'), 'HistoryRoute'),
                },
                {
                  path: 'client',
                  lazy: screen(() => import('./routes/client'), 'ClientRoute'),
                },
                {
                  path: 'client/auth',
                  lazy: screen(() => import('./routes/client-auth'), 'ClientAuthRoute'),
                },
                {
                  path: 'garcon',
                  children: [
                    {
                      index: true,
                      lazy: screen(() => import('./routes/garcon'), 'GarconRoute'),
                    },
                    {
                      path: 'profile',
                      lazy: screen(() => import('./routes/garcon-profile'), 'GarconProfileRoute'),
                    },
                    {
                      path: 'select-tables',
                      lazy: screen(
                        () => import('./routes/garcon-select-tables'),
                        'GarconSelectTablesRoute',
                      ),
                    },
                    {
                      path: 'tips',
                      lazy: screen(() => import('./routes/garcon-tips'), 'GarconTipsRoute'),
                    },
                    {
                      path: 'bonus-card',
                      lazy: screen(
                        () => import('./routes/garcon-bonus-card'),
                        'GarconBonusCardRoute',
                      ),
                    },
                  ],
                },
              ],
            },
            {
              // The back office (issue 17): its own layout, never the diners', and its
              // sections routed inside it (admin-layout.tsx), so the first load stays as small.
              path: 'admin/*',
              lazy: screen(() => import('./layouts/admin-layout'), 'AdminLayout'),
            },
            {
              // The kitchen display on a wall tablet: no diner's header or tab bar either.
              path: 'kitchen',
              lazy: screen(() => import('./routes/kitchen'), 'KitchenRoute'),
            },
            {
              lazy: screen(() => import('./layouts/dish-layout'), 'DishLayout'),
              children: [
                {
                  path: 'dishes/:id',
                  lazy: async () => {
                    const { DishRoute, dishLoader } = await import('./routes/dish')
                    return { Component: DishRoute, loader: dishLoader(deps) }
                  },
                },
              ],
            },
          ],
        },
      ],
    },
  ]
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createAppRoutes(deps))
}
