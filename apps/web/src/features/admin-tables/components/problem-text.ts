import { ApiError } from '../../../lib/api-error'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { AdminTablesKey } from '../admin-tables-messages'

const KNOWN = new Set<string>([
  'table_code_taken',
  'zone_name_taken',
  'zone_not_empty',
  'table_occupied',
  'validation_failed',
  'network_error',
  'unauthorized',
])

const isKnown = (code: string): code is AdminTablesKey => KNOWN.has(code)

/** What a failed change means to the manager, by the error's stable code. */
export function problemText(error: unknown, t: Translate<AdminTablesKey>): string {
  if (error instanceof ApiError && isKnown(error.code)) return t(error.code)
  return t('failed')
}

/** The words for a field the server refused; its own message is zod's English (issue 30). */
const FIELD_WORDS: Readonly<Record<string, AdminTablesKey>> = {
  code: 'codeInvalid',
  label: 'labelInvalid',
  seats: 'seatsInvalid',
  name: 'zoneNameInvalid',
}

/** The server's field errors by field (`body.code` → `code`), in the manager's words. */
export function fieldProblems(
  error: unknown,
  t: Translate<AdminTablesKey>,
): Partial<Record<string, string>> {
  if (!(error instanceof ApiError)) return {}
  const fields: Partial<Record<string, string>> = {}
  for (const field of error.fields) {
    const name = field.path.replace(/^body\./, '').split('.')[0] ?? field.path
    fields[name] =
      isKnown(error.code) && error.code !== 'validation_failed'
        ? t(error.code)
        : t(FIELD_WORDS[name] ?? 'validation_failed')
  }
  return fields
}
