import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@tableside/contracts/errors'
import { ApiError } from './api-error'
import { translate } from './i18n/messages'
import { staffErrorKey, staffErrorMessages } from './staff-error-text'

const say = (language: 'ru' | 'en', error: unknown) =>
  translate(staffErrorMessages, language, staffErrorKey(error))

describe("staff screens say why the server refused, never the server's text (issue 30)", () => {
  it('gives a known code in the screen language', () => {
    const taken = new ApiError(409, 'table_code_taken', 'Another table already has code T1.')
    expect(say('ru', taken)).toBe('такой код уже у другого стола.')
    expect(say('en', taken)).toBe('another table has that code.')
  })

  it('calls an unreachable server a connection problem', () => {
    expect(say('en', ApiError.network(new TypeError('Failed to fetch')))).toMatch(/^no connection/)
  })

  it("says a code it does not know as the server's failure, hiding the message", () => {
    const odd = new ApiError(500, 'internal_error', 'TypeError: x is undefined at repo.ts:42')
    expect(say('en', odd)).not.toContain('TypeError')
    expect(say('ru', odd)).toBe(translate(staffErrorMessages, 'ru', 'failed'))
    expect(say('ru', new Error('boom'))).toBe(translate(staffErrorMessages, 'ru', 'failed'))
    // The module's own words are not codes a server could send to pick them.
    expect(staffErrorKey(new ApiError(503, 'busy', 'x'))).toBe('failed')
  })

  it('has words for every code a staff screen can meet, and none is English on a Russian screen', () => {
    for (const code of ERROR_CODES) {
      const error = new ApiError(400, code, `Server text for ${code}`)
      for (const language of ['ru', 'en'] as const) {
        const text = say(language, error)
        expect(text).not.toContain('Server text')
        expect(text).toMatch(/^[a-zа-яё].*\.$/)
        if (language === 'ru') expect(text).toMatch(/[а-яё]/)
      }
    }
  })
})
