import type { PaidWay, PaidWith } from '@tableside/contracts/orders'
import type { OrderType, UiLanguage } from '@tableside/contracts/restaurants'
import { defineMessages, translate } from './i18n/messages'
import { useLanguage } from './i18n/use-translation'

/**
 * How an order was actually paid, in words (issue 28): one set for the diner, the waiter and the
 * back office, from the order's `paidWith` (its payments), never from the way chosen at checkout.
 */
const paidWithMessages = defineMessages({
  en: {
    card: 'by card online',
    sbp: 'by SBP',
    cash: 'in cash or by card to the waiter',
    cashOnPickup: 'in cash or by card on collection',
    cashToCourier: 'in cash or by card to the courier',
    points: 'in bonus points',
    mixed: 'in a mix: {ways}',
    and: ' + ',
  },
  ru: {
    card: 'картой онлайн',
    sbp: 'по СБП',
    cash: 'наличными или картой официанту',
    cashOnPickup: 'наличными или картой при получении',
    cashToCourier: 'наличными или картой курьеру',
    points: 'баллами',
    mixed: 'смешанно: {ways}',
    and: ' + ',
  },
})

/** Cash goes to whoever hands the order over: the waiter, the counter, the courier. */
const wayKey = (way: PaidWay, type: OrderType) => {
  if (way !== 'cash') return way
  if (type === 'pickup') return 'cashOnPickup'
  if (type === 'delivery') return 'cashToCourier'
  return 'cash'
}

/**
 * `paidWith` as words ("картой онлайн", "смешанно: картой онлайн + баллами"), starting
 * lower-case to sit inside a sentence; null while nothing has been paid.
 */
export function paidWithText(
  paidWith: PaidWith,
  type: OrderType,
  language: UiLanguage,
): string | null {
  const say = (key: ReturnType<typeof wayKey> | 'and') => translate(paidWithMessages, language, key)
  const [only, ...others] = paidWith
  if (only === undefined) return null
  if (others.length === 0) return say(wayKey(only, type))
  const ways = paidWith.map((way) => say(wayKey(way, type))).join(say('and'))
  return translate(paidWithMessages, language, 'mixed', { ways })
}

/** The same words with a capital, to stand alone (a value in a list of facts). */
export const standingAlone = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/** `paidWithText` in the UI's language. */
export function usePaidWithText() {
  const language = useLanguage()
  return (paidWith: PaidWith, type: OrderType) => paidWithText(paidWith, type, language)
}
