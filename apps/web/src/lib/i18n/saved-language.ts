import { useSyncExternalStore } from 'react'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { LANGUAGE_COOKIE } from '@tableside/contracts/first-screen'
import { LANGUAGE_STORAGE_KEY } from '../../config/constants'
import { readCookie, writeCookie } from '../cookies'
import { isLanguage } from './language'

const listeners = new Set<() => void>()

function read(): UiLanguage | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** A year: the choice is the diner's until they change it. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/** The server draws the menu's first screen in the language the cookie names (decision 0025). */
function shareWithServer(language: UiLanguage) {
  if (readCookie(LANGUAGE_COOKIE) === language) return
  writeCookie(LANGUAGE_COOKIE, language, { maxAgeSeconds: COOKIE_MAX_AGE_SECONDS })
}

let saved = typeof localStorage === 'undefined' ? undefined : read()
// A choice saved before the cookie existed reaches the server from the next page on.
if (saved) shareWithServer(saved)

export function saveLanguage(language: UiLanguage): void {
  saved = language
  shareWithServer(language)
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Private mode may refuse storage; the choice still holds for this visit.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab's choice applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LANGUAGE_STORAGE_KEY) return
    saved = read()
    listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The language the person picked in the switch, if they ever did. */
export function useSavedLanguage(): UiLanguage | undefined {
  return useSyncExternalStore(
    subscribe,
    () => saved,
    () => undefined,
  )
}

export function savedLanguage(): UiLanguage | undefined {
  return saved
}
