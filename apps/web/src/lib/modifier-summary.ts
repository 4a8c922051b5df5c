import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { LocalizedText } from '@tableside/contracts/text'
import { localized } from './i18n/localized-text'

/** "Large +50 ₽ · Oat milk": a line's chosen modifiers, each with what it adds to the price. */
export function modifierSummary(
  modifiers: readonly { name: LocalizedText; priceDelta: number }[],
  language: UiLanguage,
  price: (minor: number) => string,
): string {
  return modifiers
    .map(
      (modifier) =>
        localized(modifier.name, language) +
        (modifier.priceDelta > 0 ? ` +${price(modifier.priceDelta)}` : ''),
    )
    .join(' · ')
}
