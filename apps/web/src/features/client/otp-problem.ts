import { OTP_MAX_TRIES } from '@tableside/contracts/client'
import type { ApiError } from '../../lib/api-error'
import type { clientMessages } from './client-messages'

type Key = keyof (typeof clientMessages)['en']

/** What a refused code request or sign-in tells the diner, and when to come back. */
export function otpProblem(
  error: Pick<ApiError, 'status' | 'code' | 'retryAfterSeconds'>,
  wrongTries: number,
): { key: Key; values?: Record<string, string | number> } {
  switch (error.code) {
    case 'otp_invalid':
      return { key: 'wrongCode', values: { tries: Math.max(1, OTP_MAX_TRIES - wrongTries) } }
    case 'otp_expired':
      return { key: 'codeExpired' }
    case 'otp_exhausted':
      return { key: 'codeExhausted' }
    case 'rate_limited':
      return { key: 'waitSeconds', values: { seconds: error.retryAfterSeconds ?? 60 } }
    case 'sms_unavailable':
      return { key: 'smsUnavailable' }
    // Before `rate_limited`'s wait: the day's codes are spent, a wait of hours says nothing useful.
    case 'sms_budget_spent':
      return { key: 'smsBudgetSpent' }
    case 'validation_failed':
      return { key: 'badPhone' }
    default:
      return { key: 'failed' }
  }
}

/** Whole seconds until `at` (an ISO instant), never below 0. */
export function secondsUntil(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1000))
}
