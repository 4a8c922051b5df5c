import type { RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import { APP_ROUTES } from '@tableside/contracts/app-routes'
import type { AppDeps } from './app-deps'
import { createAppRoutes } from './router'

const isScreen = (route: RouteObject) =>
  !route.children ||
  (typeof route.handle === 'object' && route.handle !== null && 'screen' in route.handle)

/** The full path of every route that draws a screen: a leaf (or an index), or one marked so. */
function screenPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent || '/'
    return [
      ...(isScreen(route) ? [path] : []),
      ...(route.children ? screenPaths(route.children, path) : []),
    ]
  })
}

describe('the web router', () => {
  it('declares exactly the screens the server serves as pages', () => {
    // Route modules load lazily: nothing here runs a loader, so no dependency is used.
    const routes = createAppRoutes({} as AppDeps)
    expect(screenPaths(routes).sort()).toEqual([...APP_ROUTES].sort())
  })
})
