import { afterEach, describe, expect, it, vi } from 'vitest'
import { randomId } from './random-id'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('instance id', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('is a random v4 UUID', () => {
    const a = randomId()
    expect(a).toMatch(UUID_V4)
    expect(randomId()).not.toBe(a)
  })

  it('is still a v4 UUID where crypto.randomUUID is missing (insecure contexts)', () => {
    const real = globalThis.crypto
    vi.stubGlobal('crypto', {
      getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a),
    })
    const ids = new Set(Array.from({ length: 20 }, () => randomId()))
    expect(ids.size).toBe(20)
    for (const id of ids) expect(id).toMatch(UUID_V4)
  })
})
