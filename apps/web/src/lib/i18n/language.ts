import type { UiLanguage } from '@tableside/contracts/restaurants'

export const LANGUAGES: readonly UiLanguage[] = ['ru', 'en']
export const DEFAULT_LANGUAGE: UiLanguage = 'ru'

export function isLanguage(value: unknown): value is UiLanguage {
  return value === 'ru' || value === 'en'
}

/** The first of the browser's preferred languages that we speak (`en-GB` counts as `en`). */
export function browserLanguage(preferred: readonly string[]): UiLanguage | undefined {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return undefined
}

/** The person's saved choice, then the restaurant's language, then the browser's, then Russian. */
export function resolveLanguage(choice: {
  saved?: UiLanguage | undefined
  restaurantDefault?: UiLanguage | undefined
  preferred?: readonly string[]
}): UiLanguage {
  return (
    choice.saved ??
    choice.restaurantDefault ??
    browserLanguage(choice.preferred ?? []) ??
    DEFAULT_LANGUAGE
  )
}
