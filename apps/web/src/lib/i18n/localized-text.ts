import type { LocalizedText } from '@tableside/contracts/text'
import type { UiLanguage } from '@tableside/contracts/restaurants'

/** A restaurant's text in the diner's language; English falls back to Russian. */
export function localized(text: LocalizedText, language: UiLanguage): string {
  return language === 'en' ? (text.en ?? text.ru) : text.ru
}
