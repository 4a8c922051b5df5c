import { defineMessages } from '../../lib/i18n/messages'

/** Texts shared by an order's screens: its details and the payment outcomes. */
export const orderMessages = defineMessages({
  en: {
    title: 'Order {id}',
    soon: 'Follow your order here as it goes from accepted to cooking, ready and served; it updates by itself.',
    successTitle: 'Payment successful',
    successSoon:
      'After an online payment you come back here to see the receipt and how your order is going.',
    failTitle: 'Payment failed',
    failSoon:
      'If a payment does not go through you land here and can try again or choose another way to pay.',
  },
  ru: {
    title: 'Заказ {id}',
    soon: 'Здесь будет видно, как идёт заказ: принят, готовится, готов, подан. Статус обновляется сам.',
    successTitle: 'Оплата прошла',
    successSoon:
      'После онлайн-оплаты вы вернётесь сюда и увидите чек и то, как готовится ваш заказ.',
    failTitle: 'Оплата не прошла',
    failSoon:
      'Если платёж не пройдёт, вы попадёте сюда и сможете попробовать снова или выбрать другой способ оплаты.',
  },
})
