import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import type { ReactNode } from 'react'
import type { ApiClient } from '../lib/api-client'
import { ApiClientContext, RuntimeConfigContext } from '../lib/app-context'

interface AppProvidersProps {
  config: RuntimeConfig
  api: ApiClient
  queryClient: QueryClient
  children: ReactNode
}

export function AppProviders({ config, api, queryClient, children }: AppProvidersProps) {
  return (
    <RuntimeConfigContext value={config}>
      <ApiClientContext value={api}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ApiClientContext>
    </RuntimeConfigContext>
  )
}
