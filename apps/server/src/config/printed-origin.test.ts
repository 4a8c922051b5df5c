import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { loadConfig } from './env'
import { printedOrigin } from './printed-origin'

const address = (family: 'IPv4' | 'IPv6', value: string, internal = false): NetworkInterfaceInfo =>
  ({
    family,
    address: value,
    internal,
    netmask: '',
    mac: '00:00:00:00:00:00',
    cidr: null,
    ...(family === 'IPv6' ? { scopeid: 0 } : {}),
  }) as NetworkInterfaceInfo

/** A laptop on the restaurant's Wi-Fi: loopback, a docker bridge, then the Wi-Fi card. */
const laptop: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [address('IPv4', '127.0.0.1', true), address('IPv6', '::1', true)],
  wlan0: [address('IPv6', 'fe80::1c2b:3aff:fe4d:5e6f'), address('IPv4', '192.168.1.20')],
  docker0: [address('IPv4', '172.17.0.1')],
}
const offline: NodeJS.Dict<NetworkInterfaceInfo[]> = { lo: laptop.lo }

const origin = (env: Record<string, string>, interfaces = laptop) =>
  printedOrigin(loadConfig(env), interfaces)

describe('the address printed links start with', () => {
  it("is the machine's LAN address when the server listens on every interface", () => {
    expect(origin({ HOST: '0.0.0.0' })).toBe('http://192.168.1.20:3000')
    expect(origin({ HOST: '::', PORT: '8080' })).toBe('http://192.168.1.20:8080')
  })

  it('is localhost when the server listens there, or when the machine has no network', () => {
    expect(origin({})).toBe('http://localhost:3000')
    expect(origin({ HOST: 'localhost' })).toBe('http://localhost:3000')
    expect(origin({ HOST: '::1' })).toBe('http://localhost:3000')
    expect(origin({ HOST: '0.0.0.0' }, offline)).toBe('http://localhost:3000')
  })

  it('is the one address the server listens at when it is given', () => {
    expect(origin({ HOST: '192.168.1.20', PORT: '8080' })).toBe('http://192.168.1.20:8080')
    expect(origin({ HOST: 'fd00::20' })).toBe('http://[fd00::20]:3000')
  })

  it('is PUBLIC_URL whenever it is set', () => {
    expect(origin({ HOST: '0.0.0.0', PUBLIC_URL: 'https://bistro.example/' })).toBe(
      'https://bistro.example',
    )
  })
})
