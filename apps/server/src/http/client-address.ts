import type { IncomingMessage } from 'node:http'
import proxyAddr from '@fastify/proxy-addr'

/** The `trustProxy` option as Fastify takes it. */
export type TrustProxy =
  boolean | number | string | readonly string[] | ((address: string, hop: number) => boolean)

/**
 * The client's address of a raw request (a websocket upgrade, which never becomes a Fastify
 * request), trusting forwarded headers exactly as Fastify's `request.ip` does with the same
 * option: give this what the app gives Fastify.
 */
export function clientAddressOf(trustProxy: TrustProxy): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? ''
  const trust: (address: string, hop: number) => boolean =
    typeof trustProxy === 'function'
      ? trustProxy
      : trustProxy === true
        ? () => true
        : // Fastify trusts no hop for a bare count: it cannot tell the nearest peer is a proxy.
          typeof trustProxy === 'number'
          ? () => false
          : proxyAddr.compile(
              typeof trustProxy === 'string'
                ? trustProxy.split(',').map((part) => part.trim())
                : [...trustProxy],
            )
  return (request) => proxyAddr(request, trust)
}
