import { isIPv6 } from 'node:net'
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os'
import type { ServerConfig } from './env'

const EVERY_INTERFACE = new Set(['0.0.0.0', '::'])
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1'])

/**
 * Where links printed with no request to go by start (the start banner, `npm run
 * table:links`): PUBLIC_URL when set, else the address a phone would use. A server that
 * listens on every interface (`HOST=0.0.0.0`) prints the machine's LAN address, the first
 * non-internal IPv4 one, so a phone on the same Wi-Fi can open the QR links (decision 0035).
 */
export function printedOrigin(
  config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string {
  if (config.publicUrl) return config.publicUrl
  const host = EVERY_INTERFACE.has(config.host)
    ? (lanAddress(interfaces) ?? 'localhost')
    : LOOPBACK.has(config.host)
      ? 'localhost'
      : config.host
  return `http://${isIPv6(host) ? `[${host}]` : host}:${String(config.port)}`
}

function lanAddress(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string | undefined {
  return Object.values(interfaces)
    .flatMap((addresses) => addresses ?? [])
    .find((info) => info.family === 'IPv4' && !info.internal)?.address
}
