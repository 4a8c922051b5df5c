import type { Restaurant } from '@tableside/contracts/restaurants'

const formats = new Map<string, Intl.DateTimeFormat>()

/** When a payment went through, on the restaurant's clock and in its locale: "02.05.2026, 19:30". */
export function formatPaidAt(
  iso: string,
  { locale, timezone }: Pick<Restaurant, 'locale' | 'timezone'>,
): string {
  const key = `${locale}|${timezone}`
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: timezone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    })
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}
