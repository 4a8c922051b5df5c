import type { Agent } from 'node:https'
import { join } from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import webpush from 'web-push'
import { GARCON_TOKEN_HEADER, type Waiter } from '@tableside/contracts/garcon'
import {
  addGarconPushSubscription,
  getGarconPushKey,
  removeGarconPushSubscription,
  type PushSubscriptionJson,
} from '@tableside/contracts/garcon-push'
import type { Database } from '../../db/schema'
import { sharedKey } from '../../db/server-keys'
import { HttpError } from '../../http/http-error'
import { registerEndpoint } from '../../http/register-endpoint'
import { signInAsWaiter } from './garcon-auth'
import { createGarconPushRepository } from './garcon-push-repository'
import { hashAccessToken } from '../../lib/access-token'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

/**
 * The server's VAPID key pair: made once and shared by every node through the database (decision
 * 0114), so the devices' subscriptions (made for its public key) reach a waiter whichever node
 * sends the push, and survive restarts. An older release kept it in the data directory
 * (`vapid-keys.json`), and that pair is kept.
 */
export async function loadVapidKeys(db: Kysely<Database>, dataDir: string): Promise<VapidKeys> {
  const stored = await sharedKey(
    db,
    'web-push-vapid',
    () => JSON.stringify(webpush.generateVAPIDKeys()),
    {
      path: join(dataDir, 'vapid-keys.json'),
      valid: (text) => vapidKeys(text) !== undefined,
    },
  )
  const keys = vapidKeys(stored)
  if (!keys) throw new Error('The stored Web Push key pair is not a key pair')
  return keys
}

function vapidKeys(text: string): VapidKeys | undefined {
  try {
    const parsed = JSON.parse(text) as Partial<VapidKeys>
    return typeof parsed.publicKey === 'string' && typeof parsed.privateKey === 'string'
      ? { publicKey: parsed.publicKey, privateKey: parsed.privateKey }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The push services browsers subscribe with (Chrome, Firefox, Edge, Safari). The server posts
 * to a subscription's endpoint, so an endpoint anywhere else is refused: a client must not be
 * able to point the server at an address of its choosing.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^web\.push\.apple\.com$/,
]

/** A waiter keeps this many devices subscribed; a new one beyond it replaces the oldest. */
export const MAX_PUSH_DEVICES = 5

const refused = (message: string) =>
  new HttpError(400, 'validation_failed', 'Some fields are missing or invalid.', [
    { path: 'body.endpoint', message },
  ])

export interface GarconPushOptions {
  db: Kysely<Database>
  keys: VapidKeys
  /** Who runs this server, for push services to reach (`mailto:` or an https address). */
  subject: string
  /** Push services beyond the browsers' own, by origin (tests run one on 127.0.0.1). */
  extraOrigins?: readonly string[]
  /** How to reach push services (tests trust their own one's certificate with it). */
  agent?: Agent
}

/** What a push tells the waiter's device; the service worker shows it as a notification. */
export interface PushAlert {
  title: string
  body: string
  /** Where a tap on the notification opens, in the app. */
  url: string
  /** Alerts with one tag replace each other on the lock screen (one per call, say). */
  tag?: string
}

/** Waiters' devices subscribed to Web Push, and sending them alerts (RFC 8030/8291/8292). */
export function createGarconPush({
  db,
  keys,
  subject,
  extraOrigins = [],
  agent,
}: GarconPushOptions) {
  const repository = createGarconPushRepository(db)
  const allowed = (endpoint: string) => {
    // The contract checks only the address's shape (decision 0047): what URL cannot parse is no push service.
    if (!URL.canParse(endpoint)) return false
    const url = new URL(endpoint)
    if (extraOrigins.includes(url.origin)) return true
    return (
      url.protocol === 'https:' &&
      url.port === '' &&
      PUSH_SERVICE_HOSTS.some((host) => host.test(url.hostname))
    )
  }

  return {
    publicKey: keys.publicKey,

    /** `token` is the waiter's sign-in on this device: the subscription lasts as long as it. */
    async subscribe(
      waiter: Waiter,
      token: string,
      subscription: PushSubscriptionJson,
    ): Promise<{ id: string }> {
      if (!allowed(subscription.endpoint)) throw refused('Not a push service browsers use')
      return db.transaction().execute(async (trx) => {
        const session = await repository.sessionOf(trx, hashAccessToken(token), waiter.id)
        if (!session) throw signInAsWaiter()
        const row = await repository.subscribe(trx, {
          waiterId: waiter.id,
          sessionId: session.id,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
        })
        await repository.keepNewest(trx, waiter.id, MAX_PUSH_DEVICES)
        return { id: row.id }
      })
    },

    async unsubscribe(waiter: Waiter, endpoint: string): Promise<{ removed: number }> {
      return { removed: await repository.unsubscribe(waiter.id, endpoint) }
    },

    /**
     * Sends `alert` to every device of the waiter. A subscription the push service says is
     * gone (404, 410) is deleted; other failures are counted and left for the next alert.
     */
    async notify(
      waiterId: string,
      alert: PushAlert,
    ): Promise<{ sent: number; gone: number; failed: number }> {
      // Only devices whose sign-in is still on: a phone signed out may be in other hands.
      const now = new Date()
      const devices = await repository.devicesSignedIn(waiterId, now)
      const outcomes = await Promise.all(
        devices.map(async (device) => {
          try {
            await webpush.sendNotification(
              { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
              JSON.stringify(alert),
              {
                vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
                // An alert an hour late is noise: the push service drops it after a minute.
                TTL: 60,
                urgency: 'high',
                timeout: 5000,
                ...(agent ? { agent } : {}),
                ...(alert.tag
                  ? { topic: alert.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) }
                  : {}),
              },
            )
            await repository.markSent(device.id, new Date())
            return 'sent' as const
          } catch (error) {
            const status = error instanceof webpush.WebPushError ? error.statusCode : 0
            if (status === 404 || status === 410) {
              await repository.remove(device.id)
              return 'gone' as const
            }
            return 'failed' as const
          }
        }),
      )
      return {
        sent: outcomes.filter((outcome) => outcome === 'sent').length,
        gone: outcomes.filter((outcome) => outcome === 'gone').length,
        failed: outcomes.filter((outcome) => outcome === 'failed').length,
      }
    },
  }
}

export type GarconPush = ReturnType<typeof createGarconPush>

export function registerGarconPushRoutes(
  app: FastifyInstance,
  push: GarconPush,
  requireWaiter: (request: FastifyRequest) => Promise<Waiter>,
): void {
  registerEndpoint(app, getGarconPushKey, async ({ request }) => {
    await requireWaiter(request)
    return { publicKey: push.publicKey }
  })
  registerEndpoint(app, addGarconPushSubscription, async ({ body, request }) => {
    const waiter = await requireWaiter(request)
    const token = request.headers[GARCON_TOKEN_HEADER]
    if (typeof token !== 'string') throw signInAsWaiter()
    return push.subscribe(waiter, token, body)
  })
  registerEndpoint(app, removeGarconPushSubscription, async ({ body, request }) =>
    push.unsubscribe(await requireWaiter(request), body.endpoint),
  )
}
