import { createContext, useCallback, useContext, useEffect } from 'react'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { resolveLanguage } from './language'
import { translate, type Messages, type TranslateValues } from './messages'
import { useSavedLanguage } from './saved-language'

/** The restaurant's language, provided where a restaurant is open. */
export const RestaurantLanguageContext = createContext<UiLanguage | undefined>(undefined)

export function useLanguage(): UiLanguage {
  const saved = useSavedLanguage()
  const restaurantDefault = useContext(RestaurantLanguageContext)
  // No navigator where the server draws the first screen (Node 20).
  const preferred = typeof navigator === 'undefined' ? [] : navigator.languages
  return resolveLanguage({ saved, restaurantDefault, preferred })
}

export type Translate<Key extends string> = (key: Key, values?: TranslateValues) => string

/** `t` for one screen's messages in the current UI language. */
export function useMessages<Key extends string>(
  messages: Messages<Key>,
): { t: Translate<Key>; language: UiLanguage } {
  const language = useLanguage()
  const t = useCallback<Translate<Key>>(
    (key, values) => translate(messages, language, key, values),
    [messages, language],
  )
  return { t, language }
}

/** Keeps `<html lang>` in step with the UI language; render it once per page tree. */
export function DocumentLanguage() {
  const language = useLanguage()
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  return null
}
