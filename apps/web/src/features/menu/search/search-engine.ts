import type { Allergen, DietTag, Dish } from '@tableside/contracts/menu'

/** Loaded when the diner first focuses the search field: none of it is in the menu's first load. */

export interface SearchFilters {
  /** Dishes must carry every one of these tags. */
  diet: readonly DietTag[]
  /** Dishes must contain none of these allergens. */
  without: readonly Allergen[]
}

interface IndexedDish {
  dish: Dish
  name: readonly string[]
  text: readonly string[]
}

export type SearchIndex = readonly IndexedDish[]

/** Lower case, ё as е, й as и, accents dropped: how people type on a phone keyboard. */
export function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

export function words(text: string): string[] {
  return normalize(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
}

/** Typos forgiven in a word: none in short words, one from 4 letters, two from 8. */
export function typoBudget(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0
}

/**
 * Damerau–Levenshtein distance (optimal string alignment: a swap of neighbours is one typo),
 * or `max + 1` as soon as it is certain to exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1)
      }
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length] ?? max + 1
}

/** The word without its last letters, so "свёкла" also finds "свёклой" (Russian endings). */
function stem(word: string): string {
  return word.length >= 6 ? word.slice(0, -2) : word.length >= 5 ? word.slice(0, -1) : word
}

/**
 * How well a typed word matches a word of the menu: 3 the same, 2 the beginning of it (typing is
 * still going on) or another form of it, 1 either with a typo or two, 0 not at all.
 */
export function matchWord(typed: string, word: string): number {
  if (word === typed) return 3
  if (word.startsWith(typed) || word.startsWith(stem(typed))) return 2
  const budget = typoBudget(typed.length)
  if (budget === 0) return 0
  if (editDistance(typed, word, budget) <= budget) return 1
  // The beginning of a longer word, with a typo: only from five letters, or "борш" would
  // also find "бородинский".
  if (typed.length < 5) return 0
  for (let length = typed.length - 1; length <= typed.length + 1; length++) {
    if (length < word.length && editDistance(typed, word.slice(0, length), budget) <= budget) {
      return 1
    }
  }
  return 0
}

function bestMatch(typed: string, candidates: readonly string[]): number {
  let best = 0
  for (const word of candidates) {
    best = Math.max(best, matchWord(typed, word))
    if (best === 3) break
  }
  return best
}

/** Names and descriptions in Russian and English, split into words once per menu. */
export function buildSearchIndex(dishes: readonly Dish[]): SearchIndex {
  return dishes.map((dish) => ({
    dish,
    name: words(`${dish.name.ru} ${dish.name.en ?? ''}`),
    text: words(`${dish.description?.ru ?? ''} ${dish.description?.en ?? ''}`),
  }))
}

export function passesFilters(dish: Dish, { diet, without }: SearchFilters): boolean {
  return (
    diet.every((tag) => dish.diet.includes(tag)) &&
    !without.some((allergen) => dish.allergens.includes(allergen))
  )
}

/**
 * Dishes that match every typed word (in the name or the description) and the filters, best
 * first: a match in the name counts double, an exact word more than a typo.
 */
export function searchDishes(index: SearchIndex, query: string, filters: SearchFilters): Dish[] {
  let typed = words(query)
  if (typed.length > 1) typed = typed.filter((word) => word.length > 1)
  const found: { dish: Dish; score: number }[] = []
  for (const entry of index) {
    if (!passesFilters(entry.dish, filters)) continue
    let score = 0
    for (const word of typed) {
      const inName = bestMatch(word, entry.name)
      const matched = inName > 0 ? inName * 2 : bestMatch(word, entry.text)
      if (matched === 0) {
        score = -1
        break
      }
      score += matched
    }
    if (score >= 0) found.push({ dish: entry.dish, score })
  }
  return found.sort((a, b) => b.score - a.score).map((result) => result.dish)
}
