import { describe, expect, it } from 'vitest'
import { browserLanguage, resolveLanguage } from './language'
import { defineMessages, translate } from './messages'

describe('choosing the UI language', () => {
  it('prefers the saved choice over everything', () => {
    expect(resolveLanguage({ saved: 'en', restaurantDefault: 'ru', preferred: ['ru-RU'] })).toBe(
      'en',
    )
  })

  it("then the restaurant's language", () => {
    expect(resolveLanguage({ restaurantDefault: 'en', preferred: ['ru-RU'] })).toBe('en')
  })

  it("then the browser's preference, skipping languages we do not speak", () => {
    expect(resolveLanguage({ preferred: ['de-DE', 'en-GB', 'ru'] })).toBe('en')
    expect(browserLanguage(['fr', 'RU-ru'])).toBe('ru')
  })

  it('and Russian when nothing else decides', () => {
    expect(resolveLanguage({ preferred: ['de', 'fr'] })).toBe('ru')
    expect(resolveLanguage({})).toBe('ru')
  })
})

describe('translate', () => {
  const messages = defineMessages({
    en: { table: 'You are at table {table}', menu: 'Menu' },
    ru: { table: 'Вы за столом {table}', menu: 'Меню' },
  })

  it('gives the text in the chosen language and fills placeholders', () => {
    expect(translate(messages, 'en', 'table', { table: 'T1' })).toBe('You are at table T1')
    expect(translate(messages, 'ru', 'table', { table: 'T1' })).toBe('Вы за столом T1')
    expect(translate(messages, 'ru', 'menu')).toBe('Меню')
  })

  it('leaves an unknown placeholder visible rather than blank', () => {
    expect(translate(messages, 'en', 'table', {})).toBe('You are at table {table}')
  })
})

describe('defineMessages', () => {
  it('makes Russian give every key English has (checked by the compiler)', () => {
    const partial = defineMessages({
      en: { title: 'Title', text: 'Text' },
      // @ts-expect-error: Russian lacks "text"
      ru: { title: 'Заголовок' },
    })
    expect(partial.ru).not.toHaveProperty('text')
  })
})
