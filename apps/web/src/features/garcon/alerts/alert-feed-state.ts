import { GARCON_NEWS_MINUTES, isNews, type GarconAlert } from '@tableside/contracts/garcon-alerts'

/**
 * The waiter's unread alerts as the screen holds them: the server's list, plus what the socket
 * brought since. `arrivedAt` marks an alert that came live (the page's clock), so a refetch that
 * started before it arrived does not drop it.
 */
export interface FeedAlert extends GarconAlert {
  arrivedAt?: number
}

export interface AlertFeed {
  /** Every unread alert the server counts, listed or not (it lists the newest 100). */
  unread: number
  /** Newest first, each id once. */
  alerts: FeedAlert[]
}

const newestFirst = (a: GarconAlert, b: GarconAlert) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)

/**
 * A live alert joins the feed once: the same id again (a second delivery, the refetch after a
 * reconnect) changes nothing. `added` says whether it is news, so it rings only once.
 */
export function addLiveAlert(
  feed: AlertFeed,
  alert: GarconAlert,
  now: number,
): { feed: AlertFeed; added: boolean } {
  if (alert.readAt !== null || feed.alerts.some((known) => known.id === alert.id)) {
    return { feed, added: false }
  }
  return {
    feed: {
      unread: feed.unread + 1,
      alerts: [...feed.alerts, { ...alert, arrivedAt: now }].sort(newestFirst),
    },
    added: true,
  }
}

/** An alert read here or on another device leaves the feed; `null` reads them all. */
export function markRead(feed: AlertFeed, alertId: string | null): AlertFeed {
  if (alertId === null) return { unread: 0, alerts: [] }
  if (!feed.alerts.some((alert) => alert.id === alertId)) return feed
  return {
    unread: Math.max(0, feed.unread - 1),
    alerts: feed.alerts.filter((alert) => alert.id !== alertId),
  }
}

/** Alerts whose cause was handled, here or by anyone anywhere (decision 0123), leave the feed. */
export function markHandled(feed: AlertFeed, alertIds: readonly string[]): AlertFeed {
  const handled = new Set(alertIds)
  const alerts = feed.alerts.filter((alert) => !handled.has(alert.id))
  if (alerts.length === feed.alerts.length) return feed
  return { unread: Math.max(0, feed.unread - (feed.alerts.length - alerts.length)), alerts }
}

/** One line of the feed: a table's alerts (or those of orders without a table), newest first. */
export interface AlertLine {
  key: string
  table: { code: string; label: string } | null
  alerts: FeedAlert[]
  /** It holds a call: it goes first, and its time is how long the guests have waited. */
  calls: boolean
}

const NEWS_MS = GARCON_NEWS_MINUTES * 60_000

/**
 * The feed as the screen shows it: one line per table, lines with a call first, then the one
 * whose latest alert is newest; news older than its minutes is left out (the server stops listing
 * it too, decision 0123).
 */
export function alertLines(alerts: readonly FeedAlert[], now: number): AlertLine[] {
  const lines = new Map<string, AlertLine>()
  for (const alert of alerts) {
    if (isNews(alert.kind) && now - Date.parse(alert.createdAt) > NEWS_MS) continue
    const key = alert.table ? `table:${alert.table.code}` : 'no-table'
    const line = lines.get(key) ?? { key, table: alert.table, alerts: [], calls: false }
    line.alerts.push(alert)
    line.calls ||= alert.kind === 'waiter_call'
    lines.set(key, line)
  }
  return [...lines.values()].sort(
    (a, b) =>
      Number(b.calls) - Number(a.calls) ||
      (b.alerts[0]?.createdAt ?? '').localeCompare(a.alerts[0]?.createdAt ?? ''),
  )
}

/**
 * The server's answer to a list that began at `startedAt`, with what the socket brought while it
 * was on its way: those alerts may be younger than the server's snapshot, so they stay.
 */
export function reconcile(
  fetched: { unread: number; alerts: readonly GarconAlert[] },
  current: AlertFeed | undefined,
  startedAt: number,
): AlertFeed {
  const listed = new Set(fetched.alerts.map((alert) => alert.id))
  const meanwhile = (current?.alerts ?? []).filter(
    (alert) =>
      alert.arrivedAt !== undefined && alert.arrivedAt >= startedAt && !listed.has(alert.id),
  )
  return {
    unread: fetched.unread + meanwhile.length,
    alerts: [...fetched.alerts, ...meanwhile].sort(newestFirst),
  }
}

/** Alerts about this table, for its card (the floor's cards will count them the same way). */
export function alertsAt(feed: AlertFeed | undefined, tableCode: string): number {
  return feed?.alerts.filter((alert) => alert.table?.code === tableCode).length ?? 0
}
