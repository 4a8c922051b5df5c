/**
 * CSV the way a spreadsheet in the manager's language opens it (decision 0073): UTF-8 with a
 * BOM, CRLF; Russian with `;` between fields, English with `,`. Fields are quoted when they hold
 * the separator, a quote or a line break (quotes doubled), and text that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) starts with `'`.
 */
export type CsvLanguage = 'ru' | 'en'

export const csvSeparator = (language: CsvLanguage) => (language === 'ru' ? ';' : ',')

/** One field, made safe to open: numbers as they are, text never a formula. */
export function csvField(value: string | number, separator: string): string {
  if (typeof value === 'number') return String(value)
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  const quoted = safe.includes(separator) || /["\r\n]/.test(safe)
  return quoted ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The rows as a whole file: BOM, fields separated for the language, CRLF after each row. */
export function csvDocument(
  rows: readonly (readonly (string | number)[])[],
  language: CsvLanguage,
) {
  const separator = csvSeparator(language)
  const lines = rows.map((row) => row.map((value) => csvField(value, separator)).join(separator))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
