import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_BYTES = 32
const SALT_BYTES = 16
/** scrypt's cost as log₂ N: N = 2¹⁴ with r = 8 is ~50 ms of a core and 16 MiB a hash (0014). */
export const DEFAULT_SECRET_HASH_COST = 14
/** The cheapest cost a process may choose (tests, decision 0160) and the dearest. */
const COST_RANGE = { least: 10, most: 20 } as const
const BLOCK_SIZE = 8
const PARALLELISM = 1

let cost: number = DEFAULT_SECRET_HASH_COST

/**
 * The cost of the hashes this process makes from now on, as log₂ N. The server keeps the
 * default. The test suites choose the cheapest: they make and check thousands of hashes, and
 * what they test is which secret opens what, not how long a guess takes. Hashes made earlier
 * keep their own cost: it travels with each hash, which is checked at the cost it was made with.
 */
export function chooseSecretHashCost(log2N: number): void {
  if (!Number.isInteger(log2N) || log2N < COST_RANGE.least || log2N > COST_RANGE.most) {
    throw new RangeError(
      `a secret hash's cost is a whole number from ${String(COST_RANGE.least)} to ${String(COST_RANGE.most)} (log₂ N), not ${String(log2N)}`,
    )
  }
  cost = log2N
}

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_BYTES, options, (error, key) => {
      if (error) reject(error)
      else resolve(key)
    })
  })
}

/** `scrypt$N$r$p$salt$key`: the parameters travel with the hash, so they can be raised later. */
export async function hashSecret(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const params = { N: 2 ** cost, r: BLOCK_SIZE, p: PARALLELISM }
  const key = await derive(pin, salt, params)
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$')
}

export async function verifySecret(pin: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const options = { N: Number(N), r: Number(r), p: Number(p) }
  const actual = await derive(pin, Buffer.from(salt, 'base64url'), options)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
