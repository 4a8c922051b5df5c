import { describe, expect, it } from 'vitest'
import { shortLivedCache } from './short-lived-cache'

describe('shortLivedCache', () => {
  it('loads a key once per period, shares concurrent loads, and drops failures', async () => {
    let now = 0
    let loads = 0
    let fail = false
    const cache = shortLivedCache(
      (key) => {
        loads++
        return fail ? Promise.reject(new Error('down')) : Promise.resolve(`${key}:${loads}`)
      },
      1000,
      { clock: () => now },
    )
    expect(await Promise.all([cache.get('a'), cache.get('a')])).toEqual(['a:1', 'a:1'])
    now = 999
    expect(await cache.get('a')).toBe('a:1')
    now = 1000
    expect(await cache.get('a')).toBe('a:2')
    fail = true
    cache.forget('a')
    await expect(cache.get('a')).rejects.toThrow('down')
    fail = false
    expect(await cache.get('a')).toBe('a:4')
  })

  it('holds at most `max` keys, however many are asked for', async () => {
    const cache = shortLivedCache((key) => Promise.resolve(key.length), 60_000, { max: 100 })
    for (let n = 0; n < 10_000; n++) await cache.get(`made-up-${String(n)}`)
    expect(cache.size).toBe(100)
    expect(await cache.get('made-up-9999')).toBe(12)
  })
})
