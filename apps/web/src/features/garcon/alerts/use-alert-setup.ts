import { useCallback, useEffect, useReducer } from 'react'
import { useApiClient } from '../../../lib/app-context'
import { createStoredValue } from '../../../lib/stored-value'
import { initialSetup, nextSetup, type AlertEnvironment } from './alert-setup'
import { subscribeToPush, unsubscribeFromPush } from './push-subscription'
import { pushSupported } from './service-worker'

const yes = (stored: unknown) => stored === true
/** "Not now" on this device: the offer shrinks to one line. */
const later = createStoredValue('tableside.garcon-alerts-later.v1', yes, false)
/** Lock-screen alerts turned off on this device. */
const pushOff = createStoredValue('tableside.garcon-push-off.v1', yes, false)

function environment(): AlertEnvironment {
  const secure = typeof window !== 'undefined' && window.isSecureContext
  return {
    secure,
    permission: secure && 'Notification' in window ? Notification.permission : undefined,
    push: pushSupported(),
    later: later.get(),
    pushOff: pushOff.get(),
  }
}

/**
 * How alerts reach the waiter on this device, and the steps to change it: asking for
 * notifications only when the waiter taps "Turn on", subscribing to Web Push once they are
 * allowed, and following a permission changed in the browser's settings.
 */
export function useAlertSetup(scope: string) {
  const api = useApiClient()
  const [setup, dispatch] = useReducer(nextSetup, undefined, () => initialSetup(environment()))

  // Lock-screen alerts follow the permission: subscribe (again: the server keeps one row per
  // device) whenever they are allowed and wanted.
  const subscribing = setup.step === 'on' && setup.push === 'subscribing'
  useEffect(() => {
    if (!subscribing) return
    let current = true
    subscribeToPush(api, scope).then(
      () => current && dispatch({ type: 'push', push: 'subscribed' }),
      () => current && dispatch({ type: 'push', push: 'failed' }),
    )
    return () => {
      current = false
    }
  }, [api, scope, subscribing])

  // Allowed or blocked in the site settings while the screen was open (or in another tab).
  useEffect(() => {
    if (!('permissions' in navigator) || !window.isSecureContext) return
    let status: PermissionStatus | undefined
    const changed = () => dispatch({ type: 'permission', env: environment() })
    navigator.permissions.query({ name: 'notifications' }).then(
      (answer) => {
        status = answer
        status.addEventListener('change', changed)
      },
      () => undefined,
    )
    return () => status?.removeEventListener('change', changed)
  }, [])

  const ask = useCallback(async () => {
    dispatch({ type: 'ask' })
    later.set(false)
    pushOff.set(false)
    let permission: NotificationPermission
    try {
      permission = await Notification.requestPermission()
    } catch {
      permission = Notification.permission
    }
    dispatch({ type: 'answered', permission, push: pushSupported() })
  }, [])

  const notNow = useCallback(() => {
    later.set(true)
    dispatch({ type: 'later' })
  }, [])

  const setPush = useCallback(
    (on: boolean) => {
      pushOff.set(!on)
      if (on) {
        dispatch({ type: 'push', push: 'subscribing' })
      } else {
        dispatch({ type: 'push', push: 'off' })
        void unsubscribeFromPush(api)
      }
    },
    [api],
  )

  return { setup, ask, notNow, setPush }
}
