import { defineMessages } from '../../lib/i18n/messages'

/** The words of joining a table and of the session-expiry notice. */
export const tableSessionMessages = defineMessages({
  en: {
    table: 'Table {table}',
    endedTitle: 'Your table session has ended',
    endedText:
      'Scan the QR code on the table again to order to it. Your cart is kept just as it was.',
    endedTextTable:
      'The session at table {table} has ended. Scan the QR code on the table again to order to it. Your cart is kept just as it was.',
    endedOk: 'Got it',
    endedElsewhere: 'Order for delivery or pickup',
  },
  ru: {
    table: 'Стол {table}',
    endedTitle: 'Сессия стола завершена',
    endedText:
      'Чтобы заказать за стол, отсканируйте QR‑код на столе ещё раз. Корзина сохранена как была.',
    endedTextTable:
      'Сессия за столом {table} завершена. Чтобы заказать за стол, отсканируйте QR‑код на столе ещё раз. Корзина сохранена как была.',
    endedOk: 'Понятно',
    endedElsewhere: 'Заказать с доставкой или самовывозом',
  },
})
