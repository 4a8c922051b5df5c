/** How long something has waited, whole units, never negative (a phone's clock may run ahead). */
export interface Waited {
  hours: number
  minutes: number
  seconds: number
}

export function waitedSince(createdAt: string, now: number): Waited {
  const total = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000))
  return {
    hours: Math.floor(total / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  }
}

/**
 * Which words to say it in: seconds under a minute ("45 s"), minutes under an hour ("3 min"),
 * then hours and minutes ("1 h 5 min").
 */
export function waitedForm(waited: Waited): 'seconds' | 'minutes' | 'hours' {
  if (waited.hours > 0) return 'hours'
  return waited.minutes > 0 ? 'minutes' : 'seconds'
}

/**
 * How long until the shown words change: every second under a minute, then on the minute. The
 * screen ticks only as often as what it says changes.
 */
export function nextChangeIn(createdAt: string, now: number): number {
  const elapsed = Math.max(0, now - Date.parse(createdAt))
  const unit = elapsed < 60_000 ? 1000 : 60_000
  return unit - (elapsed % unit)
}
