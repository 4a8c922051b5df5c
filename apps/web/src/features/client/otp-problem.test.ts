import { describe, expect, it } from 'vitest'
import { otpProblem, secondsUntil } from './otp-problem'
import { shownPhone } from './shown-phone'

describe('what a refused code says', () => {
  it('counts the tries left from the wrong ones typed', () => {
    expect(otpProblem({ status: 400, code: 'otp_invalid' }, 1)).toEqual({
      key: 'wrongCode',
      values: { tries: 4 },
    })
  })

  it('says when to come back after a 429, from Retry-After', () => {
    expect(otpProblem({ status: 429, code: 'rate_limited', retryAfterSeconds: 42 }, 0)).toEqual({
      key: 'waitSeconds',
      values: { seconds: 42 },
    })
  })

  it('says the day’s codes are spent rather than how many hours to wait', () => {
    expect(
      otpProblem({ status: 429, code: 'sms_budget_spent', retryAfterSeconds: 43_200 }, 0),
    ).toEqual({ key: 'smsBudgetSpent' })
  })

  it('asks for a new code when the old one expired or was burned', () => {
    expect(otpProblem({ status: 400, code: 'otp_expired' }, 0).key).toBe('codeExpired')
    expect(otpProblem({ status: 400, code: 'otp_exhausted' }, 5).key).toBe('codeExhausted')
  })

  it('counts the resend wait down to zero, never below', () => {
    expect(secondsUntil('2026-11-24T10:01:00.000Z', Date.parse('2026-11-24T10:00:00.500Z'))).toBe(
      60,
    )
    expect(secondsUntil('2026-11-24T10:01:00.000Z', Date.parse('2026-11-24T10:02:00.000Z'))).toBe(0)
  })
})

describe('a phone as the diner sees it', () => {
  it('writes a Russian number with the mask, any other as it is', () => {
    expect(shownPhone('+79161234567')).toBe('+7 (916) 123-45-67')
    expect(shownPhone('+447400123456')).toBe('+447400123456')
  })
})
