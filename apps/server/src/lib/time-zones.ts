/** Whether this runtime knows an IANA time zone by that name (`Europe/Moscow`, `UTC`). */
export function knowsTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return zone.includes('/') || zone === 'UTC'
  } catch {
    return false
  }
}
