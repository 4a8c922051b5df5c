import { startTransition, StrictMode, Suspense } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { currentBuild } from '../config/build'
import { BUILD_MANIFEST_DELAY_MS, FALLBACK_API_BASE } from '../config/constants'
import { createApiClient } from '../lib/api-client'
import { createRealtimeLoader } from '../lib/realtime/realtime-context'
import {
  installPreloadErrorReload,
  isChunkLoadError,
  reloadForChunkError,
} from '../lib/chunk-reload'
import { afterFirstScreen, replaceFirstScreen } from '../lib/first-screen'
import type { ReportError } from '../lib/error-reporter'
import { randomId } from '../lib/random-id'
import { createQueryClient } from '../lib/query-client'
import { loadRuntimeConfig } from '../lib/runtime-config'
import { announceUpdate } from '../lib/update-notice'
import { AppProviders } from './providers'
import { LazyErrorScreen, loadErrorScreen } from './load-error-screen'
import { createAppRouter } from './router'
import { RouterInSync } from './router-in-sync'
import { nextTask } from '../lib/next-task'

/** After the first screen, when the page is usually idle: the error page's chunk is small. */
const ERROR_SCREEN_PREFETCH_MS = 2000

/** The reporter's code loads with the first error, keeping it out of the entry chunk. */
function reporterFor(apiBase: string, instanceId: string): ReportError {
  let reporter: Promise<ReportError> | undefined
  return (kind, error, path = location.pathname) => {
    reporter ??= Promise.all([
      import('../lib/error-reporter'),
      import('@tableside/contracts/client-errors'),
    ]).then(([{ createErrorReporter }, { reportClientError }]) => {
      const api = createApiClient({ apiBase })
      return createErrorReporter({
        instanceId,
        buildId: currentBuild.buildId,
        send: (body) => api.callEndpoint(reportClientError, { body }),
      })
    })
    reporter.then((report) => report(kind, error, path)).catch(() => undefined)
  }
}

/** Errors outside React and the router are reported; a lost chunk still reloads the page. */
function reportUncaughtErrors(reportError: ReportError, isNavigating: () => boolean) {
  window.addEventListener('error', (event) =>
    reportError('unhandled', event.error ?? event.message),
  )
  window.addEventListener('unhandledrejection', (event) => {
    // A route's chunk is the router's to handle: its error boundary reloads the page it was
    // going to. Here are only chunks loaded outside navigation.
    if (isChunkLoadError(event.reason) && !isNavigating() && reloadForChunkError()) return
    reportError('unhandled', event.reason)
  })
}

function whenRouterReady(router: ReturnType<typeof createAppRouter>, ready: () => void) {
  if (router.state.initialized) {
    ready()
    return
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    ready()
  })
}

/**
 * Start-up: runtime config → API client → router → render. Any failure on the way is logged,
 * reported and shown as the error page (spec §4).
 */
export async function startApp(container: HTMLElement): Promise<void> {
  // Spec §9: each application instance receives its random id at start-up.
  const instanceId = randomId()
  let reportError = reporterFor(FALLBACK_API_BASE, instanceId)
  let root: Root | undefined
  try {
    const config = await loadRuntimeConfig()
    reportError = reporterFor(config.apiBase, instanceId)
    const report = reportError
    const api = createApiClient({
      apiBase: config.apiBase,
      // The first screen's answers are checked once it is drawn (decision 0124).
      checkAfter: () => afterFirstScreen(),
      onBrokenContract: (error) => {
        console.error(error)
        report('unhandled', error)
      },
    })
    // Development only: in production the console's code is not even fetched.
    if (config.environment === 'development') {
      import('../lib/dev-console')
        .then(({ startDevConsole }) => startDevConsole(config.environment))
        .catch((error: unknown) => {
          console.error('The developer console did not start', error)
        })
    }
    const queryClient = createQueryClient()
    // The router (its first loaders start here) and React's root (a listener for every event)
    // each cost a weak phone tens of milliseconds: a task each, a tap between (decision 0144).
    await nextTask()
    const router = createAppRouter({ queryClient, api, reportError })
    const isNavigating = () => router.state.navigation.state !== 'idle'
    reportUncaughtErrors(reportError, isNavigating)
    installPreloadErrorReload(isNavigating)
    await nextTask()
    root = createRoot(container)
    // A transition: React renders the app in slices that yield to input (decision 0144), where a
    // plain first render would be one long task.
    const app = root
    startTransition(() =>
      app.render(
        <StrictMode>
          <AppProviders
            config={config}
            api={api}
            queryClient={queryClient}
            realtime={createRealtimeLoader(config.realtime, () => {
              // Back after a drop: what the screen shows may have missed its events.
              void queryClient.invalidateQueries({ refetchType: 'active' })
            })}
          >
            <RouterInSync router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    )
    // The error page is not part of the first screen; it is fetched once the app is ready, so
    // it still shows if the network goes away later.
    whenRouterReady(router, () => {
      setTimeout(() => void loadErrorScreen().catch(() => undefined), ERROR_SCREEN_PREFETCH_MS)
    })
    if (!import.meta.env.DEV) {
      // The watcher (and its schemas) loads when the manifest is due, 1 s after the app is
      // ready (spec §9): none of it is needed to paint the first screen.
      whenRouterReady(router, () => {
        setTimeout(() => {
          void import('../lib/build-freshness').then(({ watchBuildFreshness }) =>
            watchBuildFreshness({
              ...currentBuild,
              fetch: window.fetch.bind(window),
              onNewerBuild: announceUpdate,
              manifestDelayMs: 0,
            }),
          )
        }, BUILD_MANIFEST_DELAY_MS)
      })
    }
  } catch (error) {
    console.error('Tableside could not start', error)
    reportError('startup', error)
    replaceFirstScreen()
    ;(root ?? createRoot(container)).render(
      <Suspense fallback={null}>
        <LazyErrorScreen error={error} path={location.pathname} />
      </Suspense>,
    )
  }
}
