import { defineMessages } from '../../lib/i18n/messages'

/** The list of orders (`/orders`). */
export const ordersMessages = defineMessages({
  en: {
    title: 'My orders',
    mine: 'Placed from this phone',
    atTable: 'At your table',
    atTableNote:
      'Ordered from other phones at the table; each opens only on the phone it was placed from.',
    loading: 'Loading your orders…',
    failed: 'Your orders did not load. Check the connection and try again.',
    retry: 'Try again',
    emptyTitle: 'No orders yet',
    empty:
      'Orders you place from this phone appear here, and you can follow each one as it is cooked.',
    toMenu: 'Go to the menu',
    bill: 'Table bill',
  },
  ru: {
    title: 'Мои заказы',
    mine: 'С этого телефона',
    atTable: 'За вашим столом',
    atTableNote:
      'Заказаны с других телефонов за столом: открыть их можно на том телефоне, откуда заказывали.',
    loading: 'Загружаем заказы…',
    failed: 'Заказы не загрузились. Проверьте связь и попробуйте ещё раз.',
    retry: 'Повторить',
    emptyTitle: 'Заказов пока нет',
    empty:
      'Заказы с этого телефона появятся здесь, и за каждым можно будет следить, пока его готовят.',
    toMenu: 'Перейти в меню',
    bill: 'Счёт стола',
  },
})
