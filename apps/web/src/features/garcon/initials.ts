/** The letters on a waiter's avatar: the first of their first two names ("Анна Другая" → "АД"). */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('')
  return letters ? letters.toLocaleUpperCase() : '?'
}
