import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { sharedKey } from '../db/server-keys'
import { addressOf } from '../http/rate-limits'

/** The cookie a staff sign-in leaves on its device (decision 0108). */
export const DEVICE_COOKIE = 'tableside_device'
/** About as long as a browser keeps a cookie (400 days); a sign-in renews it. */
const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60
const ID = /^[A-Za-z0-9_-]{22}$/

/** Where a sign-in comes from: the client's address (an IPv6 /64) and its signed device id. */
export interface SignInPlace {
  address: string
  device: string | undefined
}

export interface SignInDevices {
  /** Where `request` comes from; `device` only when its cookie is one this server signed. */
  placeOf(request: FastifyRequest): SignInPlace
  /** A new device id, for a device that signs in without one. */
  newDevice(): string
  /** Leaves the device's cookie on the reply of a sign-in. */
  issue(request: FastifyRequest, reply: FastifyReply, device: string): void
}

/**
 * Device ids signed with `key`: 128 random bits and their HMAC, so a client cannot make one up
 * (or take another's without stealing its cookie, which is HttpOnly and sent only to sign-ins).
 * `path` is where the cookie goes: the sign-in endpoints.
 */
export function createSignInDevices(key: string, path: string): SignInDevices {
  const mac = (id: string) =>
    createHmac('sha256', key).update(`device:${id}`).digest().subarray(0, 16).toString('base64url')
  const verified = (value: string): string | undefined => {
    const [id = '', signature = ''] = value.split('.')
    if (!ID.test(id) || !ID.test(signature)) return undefined
    return timingSafeEqual(Buffer.from(signature), Buffer.from(mac(id))) ? id : undefined
  }
  return {
    placeOf(request) {
      const value = cookieValue(request.headers.cookie, DEVICE_COOKIE)
      return { address: addressOf(request), device: value ? verified(value) : undefined }
    },
    newDevice: () => randomBytes(16).toString('base64url'),
    issue(request, reply, device) {
      const secure = request.protocol === 'https' ? '; Secure' : ''
      void reply.header(
        'set-cookie',
        `${DEVICE_COOKIE}=${device}.${mac(device)}; Path=${path}; Max-Age=${String(COOKIE_MAX_AGE_S)}; HttpOnly; SameSite=Strict${secure}`,
      )
    },
  }
}

/** The signing key, made once and kept in the database so that every node checks every cookie. */
export async function loadSignInDevices(db: Kysely<Database>, path: string) {
  const key = await sharedKey(db, 'sign-in-device', () => randomBytes(32).toString('base64url'))
  return createSignInDevices(key, path)
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim()
  }
  return undefined
}
