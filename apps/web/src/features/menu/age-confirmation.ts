/** Confirmed for this visit even where the browser refuses storage (private mode). */
const confirmedHere = new Set<string>()

// For now the confirmation lives for the browser session; the table session will keep it later.
const storageKey = (restaurantId: string) => `tableside.age-confirmed.${restaurantId}`

/** Whether the diner has said they are 18 or over at this restaurant during this session. */
export function isAgeConfirmed(restaurantId: string): boolean {
  if (confirmedHere.has(restaurantId)) return true
  try {
    return sessionStorage.getItem(storageKey(restaurantId)) === 'yes'
  } catch {
    return false
  }
}

export function confirmAge(restaurantId: string): void {
  confirmedHere.add(restaurantId)
  try {
    sessionStorage.setItem(storageKey(restaurantId), 'yes')
  } catch {
    // Kept in memory for this page instead.
  }
}
