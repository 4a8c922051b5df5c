import type { Restaurant } from '@tableside/contracts/restaurants'
import { Suspense, useEffect } from 'react'
import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from 'react-router'
import { isApiError } from '../lib/api-error'
import { useReplaceFirstScreen } from '../lib/first-screen'
import { isChunkLoadError, shouldReloadForChunkError, startReload } from '../lib/chunk-reload'
import type { ClientErrorKind, ReportError } from '../lib/error-reporter'
import { HttpStatusError } from '../lib/http-status-error'
import { RestaurantLanguageContext } from '../lib/i18n/use-translation'
import { AppLoading } from './app-loading'
import { LazyErrorScreen } from './load-error-screen'

function errorKind(error: unknown): ClientErrorKind {
  const fromNavigation =
    isRouteErrorResponse(error) ||
    error instanceof HttpStatusError ||
    isApiError(error) ||
    isChunkLoadError(error)
  return fromNavigation ? 'navigation' : 'render'
}

/**
 * The root `errorElement`: every navigation and render error ends here (spec §8). A failed
 * chunk load reloads the page once per path per 10 s; anything else shows the error page and
 * is reported.
 */
export function RootErrorBoundary({ reportError }: { reportError: ReportError }) {
  const error = useRouteError()
  const { pathname, search, hash } = useLocation()
  const restaurant = useRouteLoaderData<Restaurant>('restaurant')
  const reload = shouldReloadForChunkError(error, pathname)
  useReplaceFirstScreen(true)

  useEffect(() => {
    if (reload) startReload(pathname + search + hash)
    else reportError(errorKind(error), error, pathname)
  }, [reload, error, pathname, search, hash, reportError])

  return (
    <RestaurantLanguageContext value={restaurant?.defaultLanguage}>
      {reload ? (
        <AppLoading />
      ) : (
        <Suspense fallback={<AppLoading />}>
          <LazyErrorScreen error={error} path={pathname} />
        </Suspense>
      )}
    </RestaurantLanguageContext>
  )
}
