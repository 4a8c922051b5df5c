import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { clientAddressOf } from './client-address'

const request = (peer: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage

describe("a raw request's client address, trusted as Fastify trusts it", () => {
  it('ignores X-Forwarded-For unless a proxy is trusted', () => {
    expect(clientAddressOf(false)(request('203.0.113.9', '10.0.0.1'))).toBe('203.0.113.9')
  })

  it('takes the nearest untrusted hop behind trusted proxies', () => {
    const fromProxy = request('10.0.0.2', '198.51.100.7, 10.0.0.3')
    expect(clientAddressOf('10.0.0.0/8')(fromProxy)).toBe('198.51.100.7')
    expect(clientAddressOf(['10.0.0.2'])(fromProxy)).toBe('10.0.0.3')
    // A client talking to us directly cannot choose its address by the header.
    expect(clientAddressOf('10.0.0.0/8')(request('203.0.113.9', '1.2.3.4'))).toBe('203.0.113.9')
  })

  it('trusts every hop only when told to, and no hop for a bare count, as Fastify does', () => {
    expect(clientAddressOf(true)(request('10.0.0.2', '1.2.3.4, 10.0.0.3'))).toBe('1.2.3.4')
    expect(clientAddressOf(1)(request('10.0.0.2', '1.2.3.4'))).toBe('10.0.0.2')
  })
})
