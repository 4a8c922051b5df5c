import { describe, expect, it } from 'vitest'
import { ApiError } from './api-error'
import { apiErrorKey, apiErrorMessages } from './api-error-text'
import { translate } from './i18n/messages'

const say = (language: 'ru' | 'en', error: ApiError) => {
  const key = apiErrorKey(error)
  return key ? translate(apiErrorMessages, language, key) : null
}

describe('API errors in the page language', () => {
  it("says a refusal in the page's words, never the server's English", () => {
    const refused = new ApiError(
      409,
      'payment_method_unavailable',
      'This way of paying is not available here.',
    )
    expect(say('ru', refused)).toBe('Этот способ оплаты сейчас недоступен. Выберите другой.')
    expect(say('en', refused)).toBe(
      'This way of paying is not available right now. Choose another.',
    )
  })

  it('sends the diner to the waiter when the acquirer is down', () => {
    const down = new ApiError(503, 'payment_provider_unavailable', 'Card payment is unavailable.')
    expect(say('ru', down)).toBe('Оплата картой сейчас недоступна, оплатите официанту.')
    expect(say('en', down)).toBe('Card payment is unavailable right now. Please pay the waiter.')
  })

  it('calls an unreachable server a connection problem', () => {
    const offline = ApiError.network(new TypeError('Failed to fetch'))
    expect(say('ru', offline)).toBe(
      'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    )
    expect(say('en', offline)).toBe(
      'No connection to the server. Check the internet and try again.',
    )
  })

  it('leaves a code it does not know to the screen, which says what failed', () => {
    expect(apiErrorKey(new ApiError(500, 'internal_error', 'Boom'))).toBeNull()
  })
})
