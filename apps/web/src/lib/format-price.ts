import type { Restaurant } from '@tableside/contracts/restaurants'

const formats = new Map<string, [whole: Intl.NumberFormat, exact: Intl.NumberFormat]>()

function formatsFor(locale: string, currency: string) {
  const key = `${locale}|${currency}`
  let found = formats.get(key)
  if (!found) {
    const options = { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } as const
    found = [
      new Intl.NumberFormat(locale, {
        ...options,
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
      new Intl.NumberFormat(locale, options),
    ]
    formats.set(key, found)
  }
  return found
}

/**
 * Money is integer minor units (kopecks); shown in the restaurant's locale and currency,
 * without ",00" when the amount is whole: "1 250 ₽", "12,50 ₽".
 */
export function formatPrice(
  minor: number,
  { locale, currency }: Pick<Restaurant, 'locale' | 'currency'>,
): string {
  const [whole, exact] = formatsFor(locale, currency)
  const amount = minor / 10 ** (exact.resolvedOptions().maximumFractionDigits ?? 2)
  return (Number.isInteger(amount) ? whole : exact).format(amount)
}

const numberFormats = new Map<string, Intl.NumberFormat>()

/** A plain number in `locale`: "4,5" in Russian, "4.5" in English, "1 250" grouped. */
export function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale)
    numberFormats.set(locale, format)
  }
  return format.format(value)
}

/** A share in basis points (500 = 5 %) as the restaurant's locale writes it: "5 %", "12,5 %". */
export function formatPercent(basisPoints: number, locale: string): string {
  return `${formatNumber(basisPoints / 100, locale)}\u00a0%`
}
