import { formatPhone } from '../../lib/masks'

/** A Russian number as the phone mask writes it (`+7 (916) 123-45-67`); any other as E.164. */
export const shownPhone = (e164: string) =>
  e164.startsWith('+7') ? formatPhone(e164.slice(1)) : e164
