import type { ServerConfig } from './env'

/**
 * Where links printed with no request to go by start (the start banner, `npm run
 * table:links`): PUBLIC_URL when set, else the address the server listens at.
 */
export function printedOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${String(config.port)}`
}
