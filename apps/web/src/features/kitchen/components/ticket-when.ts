import type { KitchenTicket } from '@tableside/contracts/kitchen'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import type { Translate } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantWhen } from '../../../lib/restaurant-time'
import type { kitchenMessages } from '../kitchen-messages'

type KitchenT = Translate<keyof (typeof kitchenMessages)['en']>

/** "к 22:30" for today at the restaurant; "на 30 нояб., 22:30" for a later day. */
export function wanted(
  at: string,
  timeZone: string,
  language: UiLanguage,
  t: KitchenT,
  now?: number,
): string {
  const { time, date } = restaurantWhen(at, timeZone, dateLocale(language), now)
  return date === undefined ? t('for', { time }) : t('forDay', { date, time })
}

/** Where the order goes: its table, or its type. */
export function ticketWhere(ticket: KitchenTicket, t: KitchenT): string {
  if (ticket.table) return t('table', { label: ticket.table.label })
  if (ticket.orderType === 'delivery') return t('delivery')
  if (ticket.orderType === 'pickup') return t('pickup')
  return t('preorder')
}
