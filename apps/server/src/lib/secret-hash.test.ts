import { afterEach, describe, expect, it } from 'vitest'
import {
  DEFAULT_SECRET_HASH_COST,
  hashSecret,
  useSecretHashCost,
  verifySecret,
} from './secret-hash'

/** The cost the test files' setup chose (`test/cheap-secret-hashes.ts`), put back after each. */
const TEST_COST = 10

describe('PINs and passwords kept as scrypt hashes', () => {
  afterEach(() => useSecretHashCost(TEST_COST))

  it('hashes at N = 2¹⁴, r = 8, p = 1 with a salt of its own unless told otherwise', async () => {
    useSecretHashCost(DEFAULT_SECRET_HASH_COST)
    const first = await hashSecret('1111')
    const second = await hashSecret('1111')
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(second).not.toBe(first)
    expect(await verifySecret('1111', first)).toBe(true)
    expect(await verifySecret('1112', first)).toBe(false)
  })

  it('checks a hash at the cost it was made with, whatever the cost is now', async () => {
    useSecretHashCost(TEST_COST)
    const cheap = await hashSecret('tableside-demo')
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/)
    useSecretHashCost(DEFAULT_SECRET_HASH_COST)
    const dear = await hashSecret('tableside-demo')
    useSecretHashCost(12)
    for (const stored of [cheap, dear]) {
      expect(await verifySecret('tableside-demo', stored)).toBe(true)
      expect(await verifySecret('tableside-demO', stored)).toBe(false)
    }
  })

  it('refuses a cost outside 10–20 and keeps the one it had', async () => {
    for (const wrong of [9, 21, 12.5, Number.NaN]) {
      expect(() => useSecretHashCost(wrong)).toThrow(/whole number from 10 to 20/)
    }
    expect(await hashSecret('1111')).toMatch(/^scrypt\$1024\$/)
  })

  it('refuses a stored value that is not one of its hashes', async () => {
    for (const stored of ['', '1111', 'bcrypt$10$8$1$salt$key', 'scrypt$1024$8$1$$']) {
      expect(await verifySecret('1111', stored)).toBe(false)
    }
  })
})
