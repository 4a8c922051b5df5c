import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { isRetryable, retryDelayMs, sendUntilAnswered, type SendWait } from './send-until-answered'

const noWait = () => Promise.resolve()

describe('sendUntilAnswered', () => {
  it('sends the same request again after network failures and 5xx, then gives the answer', async () => {
    const failures = [
      ApiError.network(new Error('reset')),
      new ApiError(503, 'service_unavailable', 'busy'),
    ]
    const waits: SendWait[] = []
    let calls = 0
    const answer = await sendUntilAnswered(
      () => {
        calls++
        const failure = failures.shift()
        return failure ? Promise.reject(failure) : Promise.resolve('order')
      },
      {
        signal: new AbortController().signal,
        sleep: noWait,
        isOnline: () => true,
        onWait: (w) => waits.push(w),
      },
    )
    expect(answer).toBe('order')
    expect(calls).toBe(3)
    expect(waits).toEqual([
      { reason: 'retrying', failures: 1, delayMs: 1000 },
      { reason: 'retrying', failures: 2, delayMs: 2000 },
    ])
  })

  it('never retries a 4xx: the server has answered', async () => {
    let calls = 0
    const refusal = new ApiError(409, 'dish_unavailable', 'sold out')
    await expect(
      sendUntilAnswered(
        () => {
          calls++
          return Promise.reject(refusal)
        },
        { signal: new AbortController().signal, sleep: noWait, isOnline: () => true },
      ),
    ).rejects.toBe(refusal)
    expect(calls).toBe(1)
  })

  it('waits to be online before sending', async () => {
    let online = false
    const waits: SendWait[] = []
    const answer = await sendUntilAnswered(
      () => Promise.resolve(online ? 'sent online' : 'sent offline'),
      {
        signal: new AbortController().signal,
        isOnline: () => online,
        whenOnline: () => {
          online = true
          return Promise.resolve()
        },
        onWait: (w) => waits.push(w),
      },
    )
    expect(answer).toBe('sent online')
    expect(waits).toEqual([{ reason: 'offline' }])
  })

  it('backs off 1 s, 2 s, 4 s … up to 30 s, and knows which answers leave the order open', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
    expect(isRetryable(new ApiError(408, 'http_error', ''))).toBe(true)
    expect(isRetryable(new ApiError(429, 'rate_limited', ''))).toBe(true)
    expect(isRetryable(new ApiError(500, 'internal_error', ''))).toBe(true)
    expect(isRetryable(new ApiError(400, 'validation_failed', ''))).toBe(false)
    expect(isRetryable(new ApiError(410, 'session_expired', ''))).toBe(false)
    expect(isRetryable(new Error('bug'))).toBe(false)
  })
})
