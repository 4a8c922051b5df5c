import { afterEach, describe, expect, it } from 'vitest'
import { TEST_SECRET_HASH_COST as TEST_COST } from '../test/cheap-secret-hashes'
import {
  chooseSecretHashCost,
  DEFAULT_SECRET_HASH_COST,
  hashSecret,
  verifySecret,
} from './secret-hash'

/** A hash made at the test files' cost, by its leading fields. */
const AT_TEST_COST = new RegExp(`^scrypt\\$${String(2 ** TEST_COST)}\\$8\\$1\\$`)

describe('PINs and passwords kept as scrypt hashes', () => {
  afterEach(() => chooseSecretHashCost(TEST_COST))

  it('hashes at N = 2¹⁴, r = 8, p = 1 with a salt of its own unless told otherwise', async () => {
    chooseSecretHashCost(DEFAULT_SECRET_HASH_COST)
    const first = await hashSecret('1111')
    const second = await hashSecret('1111')
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(second).not.toBe(first)
    expect(await verifySecret('1111', first)).toBe(true)
    expect(await verifySecret('1112', first)).toBe(false)
  })

  it('checks a hash at the cost it was made with, whatever the cost is now', async () => {
    chooseSecretHashCost(TEST_COST)
    const cheap = await hashSecret('tableside-demo')
    expect(cheap).toMatch(AT_TEST_COST)
    chooseSecretHashCost(DEFAULT_SECRET_HASH_COST)
    const dear = await hashSecret('tableside-demo')
    chooseSecretHashCost(12)
    for (const stored of [cheap, dear]) {
      expect(await verifySecret('tableside-demo', stored)).toBe(true)
      expect(await verifySecret('tableside-demO', stored)).toBe(false)
    }
  })

  it('refuses a cost outside 10–20 and keeps the one it had', async () => {
    for (const wrong of [9, 21, 12.5, Number.NaN]) {
      expect(() => chooseSecretHashCost(wrong)).toThrow(/whole number from 10 to 20/)
    }
    expect(await hashSecret('1111')).toMatch(AT_TEST_COST)
  })

  it('refuses a stored value that is not one of its hashes', async () => {
    for (const stored of ['', '1111', 'bcrypt$10$8$1$salt$key', 'scrypt$1024$8$1$$']) {
      expect(await verifySecret('1111', stored)).toBe(false)
    }
  })
})
