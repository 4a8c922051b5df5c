import type { ServerConfig } from '../config/env'

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 reads a bare hop count as "trust no one"; a hop
 * count here means the nearest `hops` addresses are our proxies and the one before them is
 * the client, whatever a client wrote further back in X-Forwarded-For (decision 0029).
 */
export function fastifyTrustProxy(
  trust: ServerConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust
  return (_address, hop) => hop < trust
}
