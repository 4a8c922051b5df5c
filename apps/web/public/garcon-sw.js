// The waiter's service worker (decision 0047). Registered for /rest/{rid}/garcon only: it shows
// the alerts the server sends by Web Push while the waiter's phone is locked, and a tap on one
// opens (or brings forward) the waiter's screen. It caches nothing and answers no requests.
'use strict'

/** @typedef {{ title: string, body: string, url: string, tag?: string }} PushAlert */

/** @param {unknown} data @returns {PushAlert | undefined} */
function pushAlert(data) {
  if (typeof data !== 'object' || data === null) return undefined
  const { title, body, url, tag } = /** @type {Record<string, unknown>} */ (data)
  if (typeof title !== 'string' || typeof body !== 'string' || typeof url !== 'string') {
    return undefined
  }
  return { title, body, url, tag: typeof tag === 'string' ? tag : undefined }
}

/** Only a path of this origin: a push cannot send the waiter elsewhere. */
function sameOriginUrl(url) {
  const target = new URL(url, self.location.origin)
  return target.origin === self.location.origin ? target.href : self.registration.scope
}

self.addEventListener('install', () => {
  void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

self.addEventListener('push', (event) => {
  let data
  try {
    data = event.data ? event.data.json() : undefined
  } catch {
    data = undefined
  }
  const alert = pushAlert(data)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // The open screen rings and shows it itself.
      if (windows.some((client) => client.visibilityState === 'visible')) return undefined
      const title = alert ? alert.title : 'Tableside'
      return self.registration.showNotification(title, {
        body: alert ? alert.body : '',
        tag: alert ? alert.tag : undefined,
        data: { url: sameOriginUrl(alert ? alert.url : self.registration.scope) },
        requireInteraction: false,
      })
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const data = event.notification.data
  const url = sameOriginUrl(
    data && typeof data.url === 'string' ? data.url : self.registration.scope,
  )
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const screen =
        windows.find((client) => client.url === url) ??
        windows.find((client) => client.url.startsWith(self.registration.scope))
      if (screen) {
        return screen
          .focus()
          .then((focused) => (focused.url === url ? focused : focused.navigate(url)))
      }
      return self.clients.openWindow(url)
    }),
  )
})
