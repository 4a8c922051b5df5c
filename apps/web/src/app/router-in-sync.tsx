import { useLayoutEffect, useState, type ComponentProps } from 'react'
import { RouterProvider } from 'react-router/dom'

type AppRouter = ComponentProps<typeof RouterProvider>['router']

/**
 * React Router's `RouterProvider`, started so it cannot miss the router's first answer (decision
 * 0148). The provider reads the router's state as it renders and subscribes to it in a layout
 * effect. The app's first render is a transition (decision 0144), which yields to the browser
 * between the two; when the route's first loaders finish in that gap, their state reaches no
 * one and the screen stays on its loading fallback for good (CI: a dish page opened directly, 12
 * loads in 40). Once mounted, the provider is subscribed; if the router moved on since this
 * render, the provider is mounted once more, synchronously, and reads the state as it now is.
 */
export function RouterInSync({ router }: { router: AppRouter }) {
  const [renderedWith] = useState(() => router.state)
  const [mounted, setMounted] = useState(1)
  useLayoutEffect(() => {
    // The router is the outside system here, and the update must be synchronous: rendered in
    // this commit's task, the new provider reads and subscribes with no gap between.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    if (mounted === 1 && router.state !== renderedWith) setMounted(2)
  }, [router, renderedWith, mounted])
  return <RouterProvider key={mounted} router={router} />
}
