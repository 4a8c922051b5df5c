/** Days of the report, in the restaurant's time zone, as `YYYY-MM-DD`. */

const DAY_MS = 86_400_000

/** `date` moved by whole days (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

export type RangePreset = 'today' | 'yesterday' | 'week' | 'month'

export function presetRange(preset: RangePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today }
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) }
    case 'week':
      return { from: addDays(today, -6), to: today }
    case 'month':
      return { from: addDays(today, -29), to: today }
  }
}

/** How long ago `since` was, for a call's wait: seconds under a minute, then minutes, hours. */
export function waitedParts(since: string, now: number) {
  const seconds = Math.max(0, Math.floor((now - Date.parse(since)) / 1000))
  if (seconds < 60) return { unit: 'seconds', count: seconds } as const
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return { unit: 'minutes', count: minutes } as const
  return { unit: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 } as const
}
