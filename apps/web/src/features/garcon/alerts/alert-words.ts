import type { GarconAlert } from '@tableside/contracts/garcon-alerts'
import type { Translate } from '../../../lib/i18n/use-translation'
import type { alertMessages } from './alert-messages'

type T = Translate<keyof (typeof alertMessages)['en']>

/** Kinds the screen knows; one the server adds later is shown by its table and time alone. */
export type KnownKind = 'call' | 'order' | 'payment' | 'ready' | 'ended' | 'moved' | 'other'

export function alertKind(alert: GarconAlert): KnownKind {
  switch (alert.kind as string) {
    case 'waiter_call':
      return 'call'
    case 'order_placed':
      return 'order'
    case 'payment_received':
      return 'payment'
    case 'order_ready':
      return 'ready'
    case 'session_ended':
      return 'ended'
    case 'table_moved':
      return 'moved'
    default:
      return 'other'
  }
}

export function alertTitle(alert: GarconAlert, t: T): string {
  switch (alertKind(alert)) {
    case 'call':
      return alert.detail.reason === 'bill'
        ? t('kindBillCall')
        : alert.detail.reason === 'other'
          ? t('kindOtherCall')
          : t('kindWaiterCall')
    case 'order':
      return t('kindOrderPlaced')
    case 'payment':
      return t('kindPaymentReceived')
    case 'ready':
      return t('kindOrderReady')
    case 'ended':
      return t('kindSessionEnded')
    case 'moved':
      return t('kindTableMoved')
    case 'other':
      return t('kindOther')
  }
}

/** "3 h", "1 h 30 min", "45 min": how long a table went without activity. */
function idleTime(totalMinutes: number, t: T): string {
  const hours = Math.floor(totalMinutes / 60)
  const minutes = totalMinutes % 60
  if (hours === 0) return t('waitedMinutes', { minutes })
  return minutes === 0 ? t('idleHours', { hours }) : t('waitedHours', { hours, minutes })
}

/**
 * Where and what: "Table 1 · Order #12 · Paid 1 250 ₽" (a new order: its total), "Table 3 → 5" for
 * guests moved, a delivery or pickup by its type, and why
 * a visit ended: "Table 3: guests left, Igor closed the table".
 */
export function alertWhere(alert: GarconAlert, t: T, money: (minor: number) => string): string {
  const from = alert.detail.movedFrom
  const where = alert.table
    ? t('table', { label: from ? `${from.label} → ${alert.table.label}` : alert.table.label })
    : alert.detail.orderType && alert.detail.orderType !== 'dine_in'
      ? t(`type_${alert.detail.orderType}`)
      : t('noTable')
  if (alertKind(alert) === 'ended') {
    const { closedReason, closedBy, idleMinutes } = alert.detail
    if (closedReason === 'waiter' && closedBy) {
      return t('endedByWaiter', { where, name: closedBy.name })
    }
    if (closedReason === 'expired' && idleMinutes !== undefined) {
      return t('endedIdle', { where, time: idleTime(idleMinutes, t) })
    }
  }
  return [
    where,
    alert.orderNumber !== null ? t('order', { number: alert.orderNumber }) : null,
    alert.detail.amount === undefined
      ? null
      : t(alertKind(alert) === 'payment' ? 'paid' : 'orderTotal', {
          amount: money(alert.detail.amount),
        }),
  ]
    .filter((part) => part !== null)
    .join(' · ')
}

/**
 * The notification's tag, as the server's push uses it (garcon-alerts.ts `pushText`): the page's
 * notification and the push's replace each other instead of showing twice.
 */
export function alertTag(alert: GarconAlert): string {
  return (
    alert.callId ??
    `${alert.kind}-${alert.table?.code ?? ''}-${alert.orderNumber === null ? '' : String(alert.orderNumber)}`
  )
}
