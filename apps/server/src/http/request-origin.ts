import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ServerConfig } from '../config/env'
import { HttpError } from './http-error'

/** A host name or an IPv4 address, or an IPv6 address in brackets, with an optional port. */
const HOST = /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252})|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/

const SCHEMES = new Set(['http', 'https'])

function isHost(host: string): boolean {
  const match = HOST.exec(host)
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535)
}

/**
 * A request whose Host (or, from a trusted proxy, X-Forwarded-Host and X-Forwarded-Proto) is
 * not an address is refused before anything is built from it: links that leave the server
 * (the acquirer's return address) and the realtime socket's host are (decision 0035).
 * Fastify's `request.host` and `request.protocol` read the forwarded headers only when
 * TRUST_PROXY trusts the peer.
 */
export function refuseMalformedHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const { host } = request
    // Typed 'http' | 'https', but a trusted proxy's X-Forwarded-Proto may say anything.
    const protocol: string = request.protocol
    // HTTP/1.0 may come without a Host; Node refuses an HTTP/1.1 request without one.
    if ((host === '' || isHost(host)) && SCHEMES.has(protocol)) {
      done()
      return
    }
    done(new HttpError(400, 'bad_request', 'The Host header is not a valid host name.'))
  })
}

/**
 * Where links that leave the server start (the acquirer's page and its return address):
 * PUBLIC_URL when set, otherwise the address the diner used, so a phone on the restaurant's
 * Wi-Fi comes back to the address it came by and to its table session (decision 0035).
 */
export function publicOrigin(
  config: Pick<ServerConfig, 'publicUrl' | 'port'>,
  request: FastifyRequest,
) {
  if (config.publicUrl) return config.publicUrl
  const host = request.host || `localhost:${String(config.port)}`
  return `${request.protocol}://${host}`
}
