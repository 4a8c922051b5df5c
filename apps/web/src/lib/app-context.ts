import { createContext, useContext } from 'react'
import type { RuntimeConfig } from '@tableside/contracts/runtime-config'
import type { ApiClient } from './api-client'

export const ApiClientContext = createContext<ApiClient | null>(null)
export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null)

export function useApiClient(): ApiClient {
  const api = useContext(ApiClientContext)
  if (!api) throw new Error('useApiClient needs the app providers')
  return api
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext)
  if (!config) throw new Error('useRuntimeConfig needs the app providers')
  return config
}
