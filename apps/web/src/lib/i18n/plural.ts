import type { UiLanguage } from '@tableside/contracts/restaurants'

/** Plural categories the UI languages use: English one/other, Russian one/few/many. */
export type PluralCategory = 'one' | 'few' | 'many' | 'other'

const rules = new Map<UiLanguage, Intl.PluralRules>()

/** Which form of a counted word to use: `1 блюдо`, `3 блюда`, `5 блюд`. */
export function pluralCategory(count: number, language: UiLanguage): PluralCategory {
  let rule = rules.get(language)
  if (!rule) {
    rule = new Intl.PluralRules(language)
    rules.set(language, rule)
  }
  const category = rule.select(count)
  return category === 'one' || category === 'few' || category === 'many' ? category : 'other'
}
