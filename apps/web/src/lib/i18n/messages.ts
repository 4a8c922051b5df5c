import type { UiLanguage } from '@tableside/contracts/restaurants'

/**
 * A screen's texts in every UI language, kept next to the screen so each route chunk carries
 * only its own words. `{name}` marks a value filled in by `t(key, { name })`.
 */
export type Messages<Key extends string> = Readonly<
  Record<UiLanguage, Readonly<Record<Key, string>>>
>

/** English fixes the keys; Russian must give every one of them. */
export function defineMessages<const Key extends string>(messages: {
  en: Readonly<Record<Key, string>>
  ru: Readonly<Record<NoInfer<Key>, string>>
}): Messages<Key> {
  return messages
}

export type TranslateValues = Readonly<Record<string, string | number>>

export function translate<Key extends string>(
  messages: Messages<Key>,
  language: UiLanguage,
  key: Key,
  values?: TranslateValues,
): string {
  const text = messages[language][key]
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  )
}
