import type { MaskInputOptions } from 'maska'
import { MASK_TOKENS } from '../../lib/masks'

export const CARD_NUMBER_MASK = '#### #### #### ####'
export const CARD_EXPIRY_MASK = '##/##'
export const CARD_CVC_MASK = '###'

export const cardNumberMaskOptions: MaskInputOptions = {
  mask: CARD_NUMBER_MASK,
  tokens: MASK_TOKENS,
}
export const cardExpiryMaskOptions: MaskInputOptions = {
  mask: CARD_EXPIRY_MASK,
  tokens: MASK_TOKENS,
}
export const cardCvcMaskOptions: MaskInputOptions = { mask: CARD_CVC_MASK, tokens: MASK_TOKENS }

export type CardField = 'number' | 'expiry' | 'cvc'

export interface CardDetails {
  /** As typed, masked: "4242 4242 4242 4242", "12/34", "123". */
  number: string
  expiry: string
  cvc: string
}

export type CardProblem =
  | 'numberRequired'
  | 'numberIncomplete'
  | 'numberMistyped'
  | 'notTestCard'
  | 'expiryRequired'
  | 'expiryInvalid'
  | 'expiryPast'
  | 'cvcInvalid'

export type CardProblems = Partial<Record<CardField, CardProblem>>

export const digitsOf = (value: string) => value.replace(/\D/g, '')

/** The Luhn checksum every real card number satisfies: it catches one mistyped digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return digits.length > 0 && sum % 10 === 0
}

/** A card is valid through the last day of its expiry month, as the bank counts it (UTC). */
export function expiryProblem(expiry: string, now: Date): CardProblem | undefined {
  if (expiry.trim() === '') return 'expiryRequired'
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry)
  if (!match) return 'expiryInvalid'
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  return Date.UTC(year, month, 1) <= now.getTime() ? 'expiryPast' : undefined
}

export function cardProblems(card: CardDetails, now: Date): CardProblems {
  const number = digitsOf(card.number)
  const problems: CardProblems = {}
  if (number === '') problems.number = 'numberRequired'
  else if (number.length < 16) problems.number = 'numberIncomplete'
  else if (!passesLuhn(number)) problems.number = 'numberMistyped'
  const expiry = expiryProblem(card.expiry, now)
  if (expiry) problems.expiry = expiry
  if (!/^\d{3}$/.test(card.cvc)) problems.cvc = 'cvcInvalid'
  return problems
}

/** The bank's field errors (`body.number`…) in this page's words. */
export function serverCardProblems(fields: readonly { path: string }[]): CardProblems {
  const problems: CardProblems = {}
  for (const { path } of fields) {
    if (path === 'body.number') problems.number = 'notTestCard'
    if (path === 'body.expiry') problems.expiry = 'expiryPast'
    if (path === 'body.cvc') problems.cvc = 'cvcInvalid'
  }
  return problems
}

/** The body the bank's card endpoint takes. */
export function cardBody(card: CardDetails) {
  return { number: digitsOf(card.number), expiry: card.expiry, cvc: card.cvc }
}
