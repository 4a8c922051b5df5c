import { garconWorker } from './service-worker'

export interface AlertNotification {
  title: string
  body: string
  tag: string
  /** Where a tap on it leads: the waiter's live screen. */
  url: string
}

/**
 * Shows a system notification for an alert that came while the screen was hidden. Through the
 * service worker where there is one (Android's Chrome has no `new Notification`), else from the
 * page. The tag is the push's, so the two never show one alert twice.
 */
export async function showAlertNotification(alert: AlertNotification): Promise<void> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return
  const options: NotificationOptions = {
    body: alert.body,
    tag: alert.tag,
    data: { url: alert.url },
  }
  try {
    const worker = await garconWorker()
    if (worker) {
      await worker.showNotification(alert.title, options)
      return
    }
    const shown = new Notification(alert.title, options)
    shown.onclick = () => {
      window.focus()
      shown.close()
    }
  } catch {
    // A browser that refuses both: the chime and the feed still tell.
  }
}
