import { ErrorPage } from '../components/ui/error-page'
import { errorPageProps } from '../lib/error-details'

/**
 * The error page for an error, in a chunk of its own: no first screen needs it, and the
 * first-load budget (decision 0007) counts every byte. `loadErrorScreen` fetches it when the
 * browser is idle after start-up, so it still shows when the network is gone later.
 */
export function ErrorScreen({ error, path }: { error: unknown; path: string }) {
  return <ErrorPage {...errorPageProps(error, path)} />
}
