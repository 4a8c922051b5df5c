import { DEFAULT_COOKIE_PATH } from '../config/constants'

export interface CookieOptions {
  path?: string
  maxAgeSeconds?: number
  sameSite?: 'Lax' | 'Strict' | 'None'
  secure?: boolean
}

/** Reads one cookie from a `document.cookie` style string. */
export function parseCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=')
    if (separator === -1) continue
    if (part.slice(0, separator).trim() !== name) continue
    const raw = part.slice(separator + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return raw
    }
  }
  return undefined
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? DEFAULT_COOKIE_PATH}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ]
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`)
  if (options.secure ?? isSecurePage()) parts.push('Secure')
  return parts.join('; ')
}

function isSecurePage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:'
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return parseCookie(document.cookie, name)
}

export function writeCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options)
}

export function deleteCookie(name: string, options?: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  document.cookie = serializeCookie(name, '', { ...options, maxAgeSeconds: 0 })
}
