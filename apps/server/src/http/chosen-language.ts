import type { UiLanguage } from '@tableside/contracts/restaurants'
import { LANGUAGE_COOKIE } from '@tableside/contracts/first-screen'

/**
 * The language the diner picked in the app, if they did (the app writes the cookie); where
 * they did not, the restaurant's language is theirs, as in the app.
 */
export function chosenLanguage(cookieHeader: string | undefined): UiLanguage | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === LANGUAGE_COOKIE && (value === 'ru' || value === 'en')) return value
  }
  return undefined
}
