import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error'
import { uploadPhoto } from './upload-photo'

const answering =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (): Promise<Response> =>
    Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      }),
    )
const photo = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' })

describe('The photo upload', () => {
  it("throws the app's ApiError with the server's code, so a 401 ends the session", async () => {
    const error = await uploadPhoto(
      '/api/v1',
      photo,
      answering(401, { error: { code: 'unauthorized', message: 'Sign in again.' } }),
    ).catch((failure: unknown) => failure)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'unauthorized', message: 'Sign in again.' })

    const limited = await uploadPhoto(
      '/api/v1',
      photo,
      answering(
        429,
        { error: { code: 'rate_limited', message: 'Too many' } },
        { 'retry-after': '30' },
      ),
    ).catch((failure: unknown) => failure)
    expect(limited).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 30 })
  })

  it('says when the server cannot be reached or answers something else', async () => {
    const offline = await uploadPhoto('/api/v1', photo, () =>
      Promise.reject(new TypeError('Failed to fetch')),
    ).catch((failure: unknown) => failure)
    expect(offline).toMatchObject({ name: 'ApiError', code: 'network_error' })
    const odd = await uploadPhoto('/api/v1', photo, answering(201, { url: 1 })).catch(
      (failure: unknown) => failure,
    )
    expect(odd).toMatchObject({ name: 'ApiError', code: 'invalid_response' })
  })

  it('sends the photo as its own type and returns what the server stored', async () => {
    let sent: RequestInit | undefined
    const stored = await uploadPhoto('/api/v1', photo, (_url, init) => {
      sent = init
      return answering(201, {
        url: '/media/photos/demo/ab/640.webp',
        color: '#aabbcc',
        width: 4,
        height: 3,
      })()
    })
    expect(stored).toEqual({
      url: '/media/photos/demo/ab/640.webp',
      color: '#aabbcc',
      width: 4,
      height: 3,
    })
    expect(sent?.headers).toMatchObject({ 'content-type': 'image/png' })
  })
})
