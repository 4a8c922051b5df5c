import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../lib/api-client'
import type { ReportError } from '../lib/error-reporter'

/** What the routes' loaders are given: the router passes it, the route modules use it. */
export interface AppDeps {
  queryClient: QueryClient
  api: ApiClient
  reportError: ReportError
}
