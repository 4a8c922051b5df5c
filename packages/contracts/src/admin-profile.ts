import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { image, localizedText } from './text'

/**
 * The restaurant's profile (issue 29, decision 0115): what diners see of it (name in each menu
 * language, address, phone, logo) and who it is before the tax office (legal name, INN, tax
 * system, default VAT rate), which fiscal receipts will carry.
 */

/**
 * Tax systems (СНО) by the names АТОЛ Онлайн v5 (`sno`) and T-Bank (`Taxation`) use; YooKassa
 * numbers them (`tax_system_code`): ОСН, УСН доход, УСН доход − расход, ЕСХН, ПСН.
 */
export const TAX_SYSTEMS = ['osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'] as const
export const taxSystem = z.enum(TAX_SYSTEMS)
export type TaxSystem = z.infer<typeof taxSystem>
export const YOOKASSA_TAX_SYSTEM_CODE: Record<TaxSystem, number> = {
  osn: 1,
  usn_income: 2,
  usn_income_outcome: 3,
  esn: 5,
  patent: 6,
}

/**
 * VAT rates of 54-FZ by АТОЛ Онлайн v5's names (`vat.type`): none, 0, 5, 7, 10, 20, 22 % and the
 * calculated ones (10/110 … 22/122) of a prepayment; YooKassa's `vat_code` numbers them 1–12
 * (22 % and 22/122 from 2026-01-01).
 */
export const VAT_RATES = [
  'none',
  'vat0',
  'vat5',
  'vat7',
  'vat10',
  'vat20',
  'vat22',
  'vat105',
  'vat107',
  'vat110',
  'vat120',
  'vat122',
] as const
export const vatRate = z.enum(VAT_RATES)
export type VatRate = z.infer<typeof vatRate>
export const YOOKASSA_VAT_CODE: Record<VatRate, number> = {
  none: 1,
  vat0: 2,
  vat10: 3,
  vat20: 4,
  vat110: 5,
  vat120: 6,
  vat5: 7,
  vat7: 8,
  vat105: 9,
  vat107: 10,
  vat22: 11,
  vat122: 12,
}

const INN_WEIGHTS = {
  ten: [2, 4, 10, 3, 5, 9, 4, 6, 8],
  eleventh: [7, 2, 4, 10, 3, 5, 9, 4, 6, 8],
  twelfth: [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8],
} as const

const checkDigit = (digits: readonly number[], weights: readonly number[]) =>
  (weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0) % 11) % 10

/**
 * What is wrong with an INN (ИНН): 10 digits for an organisation, 12 for an individual
 * entrepreneur, the last one or two the check digits of the tax office's algorithm. Null: none.
 */
export function innProblem(inn: string): 'format' | 'checksum' | null {
  if (!/^(\d{10}|\d{12})$/.test(inn)) return 'format'
  const digits = Array.from(inn, Number)
  const valid =
    digits.length === 10
      ? checkDigit(digits, INN_WEIGHTS.ten) === digits[9]
      : checkDigit(digits, INN_WEIGHTS.eleventh) === digits[10] &&
        checkDigit(digits, INN_WEIGHTS.twelfth) === digits[11]
  return valid ? null : 'checksum'
}

const optionalText = (max: number) =>
  z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)))

export const restaurantProfileBody = z.object({
  /** The `version` this body was edited from (decision 0074): a stale one is 409. */
  version: z.string().check(z.minLength(1), z.maxLength(64)),
  /** In Russian, and in English where it differs. */
  name: z.object({
    ru: z.string().check(z.trim(), z.minLength(1, 'Give a name'), z.maxLength(200)),
    en: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  }),
  address: optionalText(300),
  /** As typed; stored in E.164 (a Russian number without +7 is read as one). */
  phone: optionalText(40),
  /** An uploaded photo (`POST /admin/menu/photos`): its address and colour. */
  logo: z.nullable(z.object({ url: z.string().check(z.maxLength(500)), color: image.shape.color })),
  legalName: optionalText(300),
  inn: z.nullable(z.string().check(z.trim(), z.maxLength(12))),
  taxSystem: z.nullable(taxSystem),
  vatRate: z.nullable(vatRate),
})
export type RestaurantProfileBody = z.infer<typeof restaurantProfileBody>

export const restaurantProfile = z.object({
  version: z.string(),
  name: localizedText,
  address: z.nullable(z.string()),
  /** E.164, as stored; the web shows it formatted (`phoneDisplay`). */
  phone: z.nullable(z.string()),
  /** The number as people write it: `+7 495 123-45-67`. */
  phoneDisplay: z.nullable(z.string()),
  logo: z.nullable(image),
  legalName: z.nullable(z.string()),
  inn: z.nullable(z.string()),
  taxSystem: z.nullable(taxSystem),
  vatRate: z.nullable(vatRate),
})
export type RestaurantProfile = z.infer<typeof restaurantProfile>

export const getAdminProfile = defineEndpoint({
  method: 'GET',
  path: '/admin/profile',
  summary: "The restaurant's profile: its names, address, phone, logo and legal details",
  tags: ['admin'],
  status: 200,
  response: restaurantProfile,
})

export const updateAdminProfile = defineEndpoint({
  method: 'PUT',
  path: '/admin/profile',
  summary:
    "Replaces the restaurant's profile; an INN whose check digits are wrong is 400 inn_invalid, a phone that is no number 400 phone_invalid, a stale version 409 settings_changed; nothing changes then",
  tags: ['admin'],
  body: restaurantProfileBody,
  status: 200,
  response: restaurantProfile,
})
