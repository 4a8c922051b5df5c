import { lazy } from 'react'

export const loadErrorScreen = () => import('./error-screen')

/** `ErrorScreen` as a lazy component (wrap it in `<Suspense>`). */
export const LazyErrorScreen = lazy(async () => ({
  default: (await loadErrorScreen()).ErrorScreen,
}))
