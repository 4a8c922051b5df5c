import {
  addGarconPushSubscription,
  getGarconPushKey,
  removeGarconPushSubscription,
  type PushSubscriptionJson,
} from '@tableside/contracts/garcon-push'
import type { ApiClient } from '../../../lib/api-client'
import { garconWorker, registerGarconWorker } from './service-worker'

/** A VAPID public key (base64url, as the server gives it) as PushManager wants it. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** The parts of a PushSubscription the server stores, or undefined if the browser left a key out. */
export function subscriptionBody(json: PushSubscriptionJSON): PushSubscriptionJson | undefined {
  const p256dh = json.keys?.p256dh
  const auth = json.keys?.auth
  if (!json.endpoint || !p256dh || !auth) return undefined
  return { endpoint: json.endpoint, keys: { p256dh, auth } }
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey
  if (!current) return false
  const bytes = new Uint8Array(current)
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index])
}

/**
 * Subscribes this device to Web Push with the server's key and gives the subscription to the
 * server, so alerts reach the waiter's locked phone (decision 0043).
 */
export async function subscribeToPush(api: ApiClient, scope: string): Promise<void> {
  const registration = await registerGarconWorker(scope)
  const { publicKey } = await api.callEndpoint(getGarconPushKey)
  const key = base64UrlBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  // A subscription made for another key (the server's data directory was reset) is useless.
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  const body = subscriptionBody(subscription.toJSON())
  if (!body) throw new Error('The browser gave a push subscription without its keys')
  await api.callEndpoint(addGarconPushSubscription, { body })
}

/**
 * This device stops taking the waiter's alerts by push: the server forgets it (while the token
 * still works) and the browser drops the subscription. Never throws: signing out must go on.
 */
export async function unsubscribeFromPush(api: ApiClient): Promise<void> {
  try {
    const registration = await garconWorker()
    const subscription = await registration?.pushManager.getSubscription()
    if (!subscription) return
    await api
      .callEndpoint(removeGarconPushSubscription, { body: { endpoint: subscription.endpoint } })
      .catch(() => undefined)
    await subscription.unsubscribe()
  } catch {
    // No worker or no push here: nothing was subscribed.
  }
}
