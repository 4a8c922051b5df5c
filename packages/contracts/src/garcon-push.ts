import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'

/**
 * Where a push service takes messages for a device: an http(s) address. A pattern rather than
 * z.url(): the web app imports this contract, and z.url() alone would add 0.4 KB gzip to the
 * diners' first load (every zod feature the app uses lands in `core`, decision 0047). The server
 * parses it with URL and takes browsers' push services only (decision 0043).
 */
const pushEndpoint = z
  .string()
  .check(z.maxLength(2000), z.regex(/^https?:\/\/\S+$/, 'Not an http(s) address'))

/**
 * A browser's Web Push subscription (PushSubscription.toJSON()): where the push service takes
 * messages for this device, and the keys the server encrypts them with (RFC 8291).
 */
export const pushSubscription = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    /** The device's P-256 public key, uncompressed, base64url (65 bytes). */
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{86,88}$/, 'Not a P-256 public key')),
    /** 16 random bytes, base64url. */
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{21,24}$/, 'Not a 16-byte auth secret')),
  }),
})
export type PushSubscriptionJson = z.infer<typeof pushSubscription>

export const getGarconPushKey = defineEndpoint({
  method: 'GET',
  path: '/garcon/push/key',
  summary: "The server's VAPID public key, for PushManager.subscribe's applicationServerKey",
  tags: ['garcon'],
  status: 200,
  response: z.object({ publicKey: z.string() }),
})

export const addGarconPushSubscription = defineEndpoint({
  method: 'POST',
  path: '/garcon/push/subscriptions',
  summary:
    "Alerts reach this device when its screen is locked: the signed-in waiter's Web Push subscription (one per endpoint)",
  tags: ['garcon'],
  body: pushSubscription,
  status: 201,
  response: z.object({ id: z.string() }),
})

export const removeGarconPushSubscription = defineEndpoint({
  method: 'POST',
  path: '/garcon/push/subscriptions/remove',
  summary:
    'This device no longer takes alerts by Web Push (signing out, or notifications turned off)',
  tags: ['garcon'],
  body: z.object({ endpoint: pushEndpoint }),
  status: 200,
  response: z.object({ removed: z.int() }),
})
