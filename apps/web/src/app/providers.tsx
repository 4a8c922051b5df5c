import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import type { ReactNode } from 'react'
import type { ApiClient } from '../lib/api-client'
import { RealtimeContext, type LoadRealtime } from '../lib/realtime/realtime-context'
import { ApiClientContext, RuntimeConfigContext } from '../lib/app-context'

interface AppProvidersProps {
  config: RuntimeConfig
  api: ApiClient
  queryClient: QueryClient
  realtime: LoadRealtime
  children: ReactNode
}

export function AppProviders({ config, api, queryClient, realtime, children }: AppProvidersProps) {
  return (
    <RuntimeConfigContext value={config}>
      <ApiClientContext value={api}>
        <RealtimeContext value={realtime}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </RealtimeContext>
      </ApiClientContext>
    </RuntimeConfigContext>
  )
}
