/**
 * Whether alerts can reach the waiter beyond the open screen, as the screen says it. Sound and
 * vibration need nothing but the page; system notifications need a secure context (https or
 * localhost) and the waiter's yes; a locked screen also needs a service worker and Web Push.
 */
export type AlertSetup =
  /** Plain http at a LAN address: no notifications here; the open screen still rings. */
  | { step: 'insecure' }
  /** This browser has no notifications (iOS Safari outside the home screen, say). */
  | { step: 'unsupported' }
  /** Not asked yet: the screen offers to turn them on; `later`: the waiter said not now. */
  | { step: 'offer'; later: boolean }
  | { step: 'asking' }
  /** Blocked in the browser's settings: the screen says where to allow them. */
  | { step: 'denied' }
  /** Allowed; `push` is how far the locked-screen delivery got. */
  | { step: 'on'; push: PushStep }

export type PushStep =
  | 'subscribing'
  | 'subscribed'
  /** No service worker or PushManager here: notifications only while the page lives. */
  | 'unavailable'
  /** The push service refused (no network to it, a browser without one). */
  | 'failed'
  /** The waiter turned lock-screen alerts off on this device. */
  | 'off'

export interface AlertEnvironment {
  secure: boolean
  /** `Notification.permission`, or undefined where there is no Notification API. */
  permission: NotificationPermission | undefined
  /** Service workers and PushManager both exist. */
  push: boolean
  /** The waiter chose "not now" on this device. */
  later: boolean
  /** The waiter turned lock-screen alerts off on this device. */
  pushOff: boolean
}

export function initialSetup(env: AlertEnvironment): AlertSetup {
  if (!env.secure) return { step: 'insecure' }
  if (env.permission === undefined) return { step: 'unsupported' }
  if (env.permission === 'denied') return { step: 'denied' }
  if (env.permission === 'default') return { step: 'offer', later: env.later }
  if (!env.push) return { step: 'on', push: 'unavailable' }
  return { step: 'on', push: env.pushOff ? 'off' : 'subscribing' }
}

export type AlertSetupEvent =
  | { type: 'ask' }
  | { type: 'answered'; permission: NotificationPermission; push: boolean }
  | { type: 'later' }
  | { type: 'push'; push: PushStep }
  /** The permission changed behind the screen (the waiter allowed it in the site settings). */
  | { type: 'permission'; env: AlertEnvironment }

export function nextSetup(setup: AlertSetup, event: AlertSetupEvent): AlertSetup {
  switch (event.type) {
    case 'ask':
      return setup.step === 'offer' ? { step: 'asking' } : setup
    case 'answered':
      if (setup.step !== 'asking') return setup
      if (event.permission === 'granted') {
        return { step: 'on', push: event.push ? 'subscribing' : 'unavailable' }
      }
      // Closing the browser's prompt without a choice leaves it "default": offer it again later.
      return event.permission === 'denied' ? { step: 'denied' } : { step: 'offer', later: true }
    case 'later':
      return setup.step === 'offer' ? { step: 'offer', later: true } : setup
    case 'push':
      return setup.step === 'on' ? { step: 'on', push: event.push } : setup
    case 'permission': {
      const next = initialSetup(event.env)
      return next.step === setup.step ? setup : next
    }
  }
}

/** Whether a new alert should pop up as a system notification now. */
export const notifies = (setup: AlertSetup, hidden: boolean): boolean =>
  hidden && setup.step === 'on'
