import { ApiError } from '../../lib/api-error'
import type { Translate } from '../../lib/i18n/use-translation'
import type { AdminKitchenKey } from './admin-kitchen-messages'

const KNOWN = ['station_name_taken', 'validation_failed', 'network_error'] as const
type Known = (typeof KNOWN)[number]

const isKnown = (code: string): code is Known => (KNOWN as readonly string[]).includes(code)

/** What a refused change means to the manager, by the error's stable code. */
export function problemText(error: unknown, t: Translate<AdminKitchenKey>): string {
  if (!(error instanceof ApiError)) return t('failed')
  // The server's field message is zod's English; the screen says it in its own words.
  if (error.code === 'validation_failed' && error.fields.some((f) => f.path === 'body.name')) {
    return t('nameInvalid')
  }
  return isKnown(error.code) ? t(error.code) : t('failed')
}
