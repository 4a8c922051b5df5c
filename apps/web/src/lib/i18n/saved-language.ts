import { useSyncExternalStore } from 'react'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { LANGUAGE_STORAGE_KEY } from '../../config/constants'
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

let saved = typeof localStorage === 'undefined' ? undefined : read()

export function saveLanguage(language: UiLanguage): void {
  saved = language
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
