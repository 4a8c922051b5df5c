import { describe, expect, it } from 'vitest'
import { parseCookie, serializeCookie } from './cookies'

describe('cookies', () => {
  it('reads one cookie among several, decoded', () => {
    const header = 'a=1; garcon_token=g%20123; profile_token=p-456'
    expect(parseCookie(header, 'garcon_token')).toBe('g 123')
    expect(parseCookie(header, 'profile_token')).toBe('p-456')
    expect(parseCookie(header, 'token')).toBeUndefined()
  })

  it('does not mistake a cookie whose name ends the same way', () => {
    expect(parseCookie('old_garcon_token=x', 'garcon_token')).toBeUndefined()
  })

  it('keeps a value that is not valid URI encoding as it is', () => {
    expect(parseCookie('profile_token=100%', 'profile_token')).toBe('100%')
  })

  it('writes with path / by default (spec §9)', () => {
    expect(serializeCookie('profile_token', 'p 1', { secure: false })).toBe(
      'profile_token=p%201; Path=/; SameSite=Lax',
    )
  })

  it('writes the given path, lifetime and Secure flag', () => {
    expect(
      serializeCookie('garcon_token', 'g', { path: '/rest', maxAgeSeconds: 60, secure: true }),
    ).toBe('garcon_token=g; Path=/rest; SameSite=Lax; Max-Age=60; Secure')
  })
})
