import type { AuditEntry } from '@tableside/contracts/audit'
import { auditLine, auditText, type AuditFormat } from '@tableside/contracts/audit-sentence'
import { csvDocument, type CsvLanguage } from '../../lib/csv'

const HEADINGS = {
  ru: [
    'Когда',
    'Кто',
    'Что произошло',
    'Время (UTC)',
    'Запись',
    'Сотрудник',
    'Раздел',
    'Действие',
    'Объект',
    'Было (JSON)',
    'Стало (JSON)',
  ],
  en: [
    'When',
    'Who',
    'What happened',
    'Time (UTC)',
    'Entry',
    'Staff id',
    'Entity',
    'Action',
    'Entity id',
    'Before (JSON)',
    'After (JSON)',
  ],
} as const satisfies Record<CsvLanguage, readonly string[]>

/** How the restaurant writes money, and where its clock is. */
export interface AuditRestaurant {
  locale: string
  currency: string
  timezone: string
}

/** The restaurant's money as the web's price formatter writes it: "1 250 ₽", "12,50 ₽". */
function moneyIn({ locale, currency }: AuditRestaurant) {
  const options = { style: 'currency', currency, currencyDisplay: 'narrowSymbol' } as const
  const exact = new Intl.NumberFormat(locale, options)
  const whole = new Intl.NumberFormat(locale, { ...options, maximumFractionDigits: 0 })
  const digits = exact.resolvedOptions().maximumFractionDigits ?? 2
  return (minor: number) => {
    const amount = minor / 10 ** digits
    return (Number.isInteger(amount) ? whole : exact).format(amount)
  }
}

/** The sentences' formatters on the server: the same words the back office's screen writes. */
export function csvFormat(restaurant: AuditRestaurant, language: CsvLanguage): AuditFormat {
  const locale = language === 'ru' ? 'ru-RU' : 'en-GB'
  const numbers = new Intl.NumberFormat(locale)
  const days = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  })
  return {
    language,
    money: moneyIn(restaurant),
    number: (value) => numbers.format(value),
    day: (date) => days.format(new Date(`${date}T12:00:00Z`)),
  }
}

/**
 * The entries as CSV (decision 0116): when at the restaurant (`YYYY-MM-DD HH:MM`, which a
 * spreadsheet reads as a moment), who, the sentence the screen shows; then the machine's
 * columns: the moment in UTC, the ids, and the rows before and after as JSON.
 */
export function auditCsv(
  entries: readonly AuditEntry[],
  restaurant: AuditRestaurant,
  language: CsvLanguage,
): string {
  const format = csvFormat(restaurant, language)
  const clock = new Intl.DateTimeFormat('en-CA', {
    timeZone: restaurant.timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const local = (at: string) => {
    const part = Object.fromEntries(
      clock.formatToParts(new Date(at)).map(({ type, value }) => [type, value]),
    )
    return `${part.year ?? ''}-${part.month ?? ''}-${part.day ?? ''} ${part.hour ?? ''}:${part.minute ?? ''}`
  }
  const rows = entries.map((entry) => [
    local(entry.at),
    entry.actor.name,
    auditLine(auditText(entry, format)),
    entry.at,
    entry.id,
    entry.actor.id ?? '',
    entry.entity,
    entry.action,
    entry.entityId ?? '',
    entry.before ?? '',
    entry.after ?? '',
  ])
  return csvDocument([HEADINGS[language], ...rows], language)
}
