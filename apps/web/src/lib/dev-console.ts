import type { Environment } from '@tableside/contracts/runtime-config'

/**
 * The in-page developer console, only in development (spec §9). A dynamic import keeps eruda
 * out of the production entry chunk.
 */
export async function startDevConsole(environment: Environment): Promise<boolean> {
  if (environment !== 'development') return false
  const { default: eruda } = await import('eruda')
  eruda.init()
  return true
}
