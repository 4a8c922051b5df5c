import type { ReorderChange, ReorderQuote } from '@tableside/contracts/reorder'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { defineMessages, translate } from '../../lib/i18n/messages'
import { localized } from '../../lib/i18n/localized-text'

// Every sentence starts with the dish's name, so no verb has to agree with its gender.
export const reorderMessages = defineMessages({
  en: {
    gone: '{dish}: no longer on the menu',
    soldOut: '{dish}: sold out right now',
    priceChanged: '{dish}: was {was}, now {now}',
    optionGone: '{dish}: the option {options} is no longer offered',
    optionsGone: '{dish}: the options {options} are no longer offered',
    optionPriceChanged: '{dish}: {option} was +{was}, now +{now}',
    choiceNeeded: '{dish}: now needs a choice of {groups}; choose it in the menu',
    quoted: '“{name}”',
    and: ', ',
  },
  ru: {
    gone: '{dish}: больше нет в меню',
    soldOut: '{dish}: сейчас нет в наличии',
    priceChanged: '{dish}: было {was}, теперь {now}',
    optionGone: '{dish}: опция {options} больше не предлагается',
    optionsGone: '{dish}: опции {options} больше не предлагаются',
    optionPriceChanged: '{dish}: {option} было +{was}, теперь +{now}',
    choiceNeeded: '{dish}: теперь нужно выбрать {groups}, выберите в меню',
    quoted: '«{name}»',
    and: ', ',
  },
})

export interface ReorderDifference {
  /** The line's index in the quote. */
  line: number
  /** False when the line stays out of the cart because of it. */
  added: boolean
  text: string
}

/**
 * Every way the past order differs from today's menu, one plain sentence each, in the order of
 * its lines: what the "Order again" sheet lists before anything goes to the cart.
 */
export function reorderDifferences(
  quote: Pick<ReorderQuote, 'lines'>,
  language: UiLanguage,
  price: (minor: number) => string,
): ReorderDifference[] {
  const say = (key: keyof (typeof reorderMessages)['en'], values?: Record<string, string>) =>
    translate(reorderMessages, language, key, values)
  const quoted = (names: readonly Parameters<typeof localized>[0][]) =>
    names.map((name) => say('quoted', { name: localized(name, language) })).join(say('and'))

  const sentence = (dish: string, change: ReorderChange): string[] => {
    switch (change.kind) {
      case 'gone':
        return [say('gone', { dish })]
      case 'sold_out':
        return [say('soldOut', { dish })]
      case 'price_changed':
        return [
          say('priceChanged', { dish, was: price(change.was ?? 0), now: price(change.now ?? 0) }),
        ]
      case 'option_gone': {
        const options = change.options ?? []
        return [
          say(options.length === 1 ? 'optionGone' : 'optionsGone', {
            dish,
            options: quoted(options),
          }),
        ]
      }
      case 'option_price_changed':
        return (change.prices ?? []).map((option) =>
          say('optionPriceChanged', {
            dish,
            option: quoted([option.name]),
            was: price(option.was),
            now: price(option.now),
          }),
        )
      case 'options_now_required':
        return [say('choiceNeeded', { dish, groups: quoted(change.groups ?? []) })]
    }
  }

  return quote.lines.flatMap((line, index) => {
    const dish = localized(line.name, language)
    return line.changes.flatMap((change) =>
      sentence(dish, change).map((text) => ({ line: index, added: line.now !== null, text })),
    )
  })
}
