import {
  Mask,
  MaskInput,
  type MaskaDetail,
  type MaskInputOptions,
  type MaskTokens,
  type MaskType,
} from 'maska'
import { useCallback, useEffect, useRef } from 'react'

/**
 * Mask tokens (spec §5): `#` a digit, `@` a letter, `*` a letter or digit. Letters are any
 * script's, not only Latin as in maska's defaults, so Cyrillic names and codes pass.
 */
export const MASK_TOKENS: MaskTokens = {
  '#': { pattern: /[0-9]/ },
  '@': { pattern: /\p{L}/u },
  '*': { pattern: /[\p{L}0-9]/u },
}

export const PHONE_MASK = '+7 (###) ###-##-##'

/** A Russian number typed or pasted with the trunk prefix 8 means +7. */
export function normalizePhoneInput(value: string): string {
  const trimmed = value.trim()
  if (trimmed.startsWith('+')) return trimmed
  return trimmed.replace(/^8/, '7')
}

export const phoneMaskOptions: MaskInputOptions = {
  mask: PHONE_MASK,
  tokens: MASK_TOKENS,
  preProcess: normalizePhoneInput,
}

export function createMask(mask: MaskType, options: Omit<MaskInputOptions, 'mask'> = {}): Mask {
  return new Mask({ tokens: MASK_TOKENS, ...options, mask })
}

export function maskValue(value: string, mask: MaskType): string {
  return createMask(mask).masked(value)
}

export function unmaskValue(value: string, mask: MaskType): string {
  return createMask(mask).unmasked(value)
}

export function formatPhone(value: string): string {
  return maskValue(normalizePhoneInput(value), PHONE_MASK)
}

export function isCompletePhone(value: string): boolean {
  return createMask(PHONE_MASK).completed(normalizePhoneInput(value))
}

export interface NumberFormat {
  locale: string
  /** Most digits after the decimal separator. */
  fraction?: number
  /** Refuse (input) or drop (display) a minus sign. */
  unsigned?: boolean
}

/** Options for an input that takes a number typed the way the locale writes it. */
export function numberMaskOptions({ locale, fraction = 0, unsigned = false }: NumberFormat) {
  return { number: { locale, fraction, unsigned } } satisfies MaskInputOptions
}

/** A number for display, with the same options as the number input mask. */
export function formatNumber(
  value: number,
  { locale, fraction = 0, unsigned = false }: NumberFormat,
) {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: fraction,
  }).format(unsigned ? Math.abs(value) : value)
}

/** Money is integer minor units (kopecks, cents); the currency says how many make a unit. */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency })
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  const amount = minorUnits / 10 ** digits
  const whole = Number.isInteger(amount)
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole ? 0 : digits,
    maximumFractionDigits: digits,
  }).format(amount)
}

/**
 * Masks an uncontrolled `<input>` and reports each masked value: returns a ref callback.
 * React's `onChange` misses values maska writes (the value setter updates React's tracker,
 * so the input event that follows looks unchanged), hence `onValue` from maska's own hook.
 * Pass options that keep their identity (a module constant or a memo), or the mask is rebuilt.
 */
export function useMaskInput(options: MaskInputOptions, onValue: (masked: string) => void) {
  const latest = useRef(onValue)
  useEffect(() => {
    latest.current = onValue
  })
  return useCallback(
    (input: HTMLInputElement | null) => {
      if (!input) return undefined
      const mask = new MaskInput(input, {
        tokens: MASK_TOKENS,
        ...options,
        onMaska: (detail: MaskaDetail) => latest.current(detail.masked),
      })
      return () => mask.destroy()
    },
    [options],
  )
}
