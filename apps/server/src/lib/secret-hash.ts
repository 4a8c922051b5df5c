import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const KEY_BYTES = 32
const SALT_BYTES = 16
const PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const

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
  const key = await derive(pin, salt, PARAMS)
  const { N, r, p } = PARAMS
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifySecret(pin: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const options = { N: Number(N), r: Number(r), p: Number(p) }
  const actual = await derive(pin, Buffer.from(salt, 'base64url'), options)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
