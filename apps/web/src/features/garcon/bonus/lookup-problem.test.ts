import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api-error'
import { lookupProblem } from './lookup-problem'

const refused = (status: number, code: string, retryAfterSeconds?: number) => {
  const error = new ApiError(status, code, 'server words')
  if (retryAfterSeconds) error.retryAfterSeconds = retryAfterSeconds
  return error
}

describe('What a waiter is told when a look-up fails', () => {
  it('says the number is no card here, or not twelve digits', () => {
    expect(lookupProblem(refused(404, 'not_found'))).toEqual({ key: 'notFound' })
    expect(lookupProblem(refused(400, 'validation_failed'))).toEqual({ key: 'incomplete' })
  })

  it('says how many minutes to wait after too many, rounded up', () => {
    expect(lookupProblem(refused(429, 'rate_limited', 90))).toEqual({
      key: 'rateLimited',
      minutes: 2,
    })
    expect(lookupProblem(refused(429, 'rate_limited', 5))).toMatchObject({ minutes: 1 })
    expect(lookupProblem(refused(429, 'rate_limited'))).toMatchObject({ minutes: 1 })
  })

  it('leaves an ended session to the sign-in window, and tells no connection from a failure', () => {
    expect(lookupProblem(refused(401, 'unauthorized'))).toBeNull()
    expect(lookupProblem(ApiError.network(new TypeError('fetch failed')))).toEqual({
      key: 'offline',
    })
    expect(lookupProblem(refused(500, 'internal_error'))).toEqual({ key: 'failed' })
    expect(lookupProblem(new Error('boom'))).toEqual({ key: 'failed' })
  })
})
