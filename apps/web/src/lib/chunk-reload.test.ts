import { describe, expect, it } from 'vitest'
import { claimChunkReload, isChunkLoadError } from './chunk-reload'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

function guard(start = 1_700_000_000_000) {
  let time = start
  const deps = { now: () => time, storage: memoryStorage() }
  return {
    claim: (path: string) => claimChunkReload(path, deps),
    advance: (ms: number) => (time += ms),
  }
}

describe('chunk reload guard', () => {
  it('allows one reload per path, then blocks it for 10 seconds', () => {
    const g = guard()
    expect(g.claim('/rest/demo/menu')).toBe(true)
    expect(g.claim('/rest/demo/menu')).toBe(false)
    g.advance(9_999)
    expect(g.claim('/rest/demo/menu')).toBe(false)
  })

  it('allows another path while one is blocked', () => {
    const g = guard()
    expect(g.claim('/rest/demo/menu')).toBe(true)
    expect(g.claim('/rest/demo/cart')).toBe(true)
    expect(g.claim('/rest/demo/menu')).toBe(false)
  })

  it('allows the same path again once 10 seconds have passed', () => {
    const g = guard()
    expect(g.claim('/rest/demo/menu')).toBe(true)
    g.advance(10_000)
    expect(g.claim('/rest/demo/menu')).toBe(true)
    expect(g.claim('/rest/demo/menu')).toBe(false)
  })

  it('refuses to reload when storage is unavailable, so it can never loop', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => undefined,
    }
    expect(claimChunkReload('/x', { now: () => 1, storage: broken })).toBe(false)
  })
})

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/menu-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://x/assets/menu-abc.js',
  ])('recognises %s', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('ignores other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })
})
