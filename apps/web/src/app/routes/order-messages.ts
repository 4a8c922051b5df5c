import { defineMessages } from '../../lib/i18n/messages'

/** Texts shared by an order's screens: its details and the payment outcomes. */
export const orderMessages = defineMessages({
  en: {
    title: 'Order {id}',
    numbered: 'Order #{number}',
    loadingTitle: 'Order',
    loading: 'Loading the order…',
    notFoundTitle: 'Order not found',
    notFound:
      'There is no such order here. The link may be incomplete, or the order was placed at another restaurant.',
    failedTitle: 'The order did not load',
    failed: 'Check the connection and try again.',
    retry: 'Try again',
    myOrders: 'My orders',
    tableBill: 'The table’s bill',
    successTitle: 'Payment successful',
    successSoon:
      'After an online payment you come back here to see the receipt and how your order is going.',
    failTitle: 'Payment failed',
    failSoon:
      'If a payment does not go through you land here and can try again or choose another way to pay.',
  },
  ru: {
    title: 'Заказ {id}',
    numbered: 'Заказ № {number}',
    loadingTitle: 'Заказ',
    loading: 'Загружаем заказ…',
    notFoundTitle: 'Заказ не найден',
    notFound:
      'Такого заказа здесь нет. Возможно, ссылка неполная или заказ сделан в другом ресторане.',
    failedTitle: 'Заказ не загрузился',
    failed: 'Проверьте связь и попробуйте ещё раз.',
    retry: 'Повторить',
    myOrders: 'Мои заказы',
    tableBill: 'Счёт стола',
    successTitle: 'Оплата прошла',
    successSoon:
      'После онлайн-оплаты вы вернётесь сюда и увидите чек и то, как готовится ваш заказ.',
    failTitle: 'Оплата не прошла',
    failSoon:
      'Если платёж не пройдёт, вы попадёте сюда и сможете попробовать снова или выбрать другой способ оплаты.',
  },
})
