import type { Menu, Portion } from '@tableside/contracts/menu'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { formatNumber } from '../../lib/format-price'

const units = {
  ru: { g: 'г', ml: 'мл', pcs: 'шт.' },
  en: { g: 'g', ml: 'ml', pcs: 'pcs' },
} as const

/** "350 г", "250 ml", "6 pcs". */
export function formatPortion({ amount, unit }: Portion, language: UiLanguage): string {
  return `${formatNumber(amount, language)}\u00a0${units[language][unit]}`
}

/** "08:00–12:00", or undefined for a menu served all day. */
export function servedHours({ servedFrom, servedUntil }: Menu): string | undefined {
  return servedFrom && servedUntil ? `${servedFrom}–${servedUntil}` : undefined
}
