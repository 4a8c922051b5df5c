import { describe, expect, it } from 'vitest'
import { cookieSnapshot, parseCookie, serializeCookie } from './cookies'

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

  it('reads a snapshot once per run of scripts, again after it, and at once after forget()', async () => {
    let jar = 'profile_token=a'
    const reads: string[] = []
    const snapshot = cookieSnapshot('profile_token', (name) => {
      reads.push(name)
      return parseCookie(jar, name)
    })
    // Every render of every holder in one run asks; the cookie store is asked once.
    expect([snapshot.read(), snapshot.read(), snapshot.read()]).toEqual(['a', 'a', 'a'])
    expect(reads).toHaveLength(1)
    // Changed elsewhere (another tab): seen in the next run.
    jar = 'profile_token=b'
    expect(snapshot.read()).toBe('a')
    await Promise.resolve()
    expect(snapshot.read()).toBe('b')
    expect(reads).toHaveLength(2)
    // Changed by its writer, which forgets: seen at once, in the same run.
    jar = ''
    snapshot.forget()
    expect(snapshot.read()).toBeUndefined()
    expect(reads).toHaveLength(3)
  })
})
