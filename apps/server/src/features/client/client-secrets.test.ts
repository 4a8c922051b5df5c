import { describe, expect, it, vi } from 'vitest'
import type * as NodeCrypto from 'node:crypto'

const compared = vi.hoisted(() => ({ calls: 0 }))
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>()
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.calls += 1
      return crypto.timingSafeEqual(a, b)
    },
  }
})

const { hashOtpCode, newOtpCode, otpHashesMatch } = await import('./client-secrets')

describe('sign-in code secrets', () => {
  it('compares code hashes with timingSafeEqual', () => {
    const secret = 's'.repeat(32)
    const right = hashOtpCode(secret, '+79161234567', '012345')
    expect(otpHashesMatch(right, hashOtpCode(secret, '+79161234567', '012345'))).toBe(true)
    expect(otpHashesMatch(right, hashOtpCode(secret, '+79161234567', '012346'))).toBe(false)
    expect(compared.calls).toBe(2)
    // A hash of another length is refused without comparing.
    expect(otpHashesMatch(right, 'abcd')).toBe(false)
  })

  it('binds a hash to the secret and the phone', () => {
    const a = hashOtpCode('a'.repeat(32), '+79161234567', '123456')
    expect(hashOtpCode('b'.repeat(32), '+79161234567', '123456')).not.toBe(a)
    expect(hashOtpCode('a'.repeat(32), '+79161234568', '123456')).not.toBe(a)
  })

  it('draws six digits, leading zeros kept, every digit used', () => {
    const codes = Array.from({ length: 2000 }, () => newOtpCode())
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true)
    expect(new Set(codes.map((code) => code[0])).size).toBe(10)
  })
})
