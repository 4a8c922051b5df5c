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

/** `document.cookie` read once, for reading several cookies out of it. */
export function documentCookies(): (name: string) => string | undefined {
  if (typeof document === 'undefined') return () => undefined
  const text = document.cookie
  return (name) => parseCookie(text, name)
}

/**
 * A cookie as `useSyncExternalStore` reads it. React asks for the snapshot on every render of
 * every component that holds it and again as it commits, and each read of `document.cookie` is
 * a call into the browser's cookie store (0.1–0.3 ms in Chromium here; a menu's hearts read the
 * diner's token 62 times as they appeared, issue 31). The value is read once per run of scripts
 * (it is forgotten once that run's microtasks begin), so a change made in another tab is seen
 * when the page next renders, as before; the cookie's writer calls `forget()` so that its own
 * change is seen at once.
 */
export function cookieSnapshot(
  name: string,
  read: (name: string) => string | undefined = readCookie,
): { read: () => string | undefined; forget: () => void } {
  let held: { value: string | undefined } | undefined
  return {
    read() {
      if (held === undefined) {
        held = { value: read(name) }
        queueMicrotask(() => {
          held = undefined
        })
      }
      return held.value
    },
    forget() {
      held = undefined
    },
  }
}

export function writeCookie(name: string, value: string, options?: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options)
}

export function deleteCookie(name: string, options?: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  document.cookie = serializeCookie(name, '', { ...options, maxAgeSeconds: 0 })
}
