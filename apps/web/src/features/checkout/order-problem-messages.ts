import { defineMessages } from '../../lib/i18n/messages'

/**
 * Why an order was not placed, beyond what every screen says about an error code
 * (`lib/api-error-text.ts`): the dishes that ran out, and what to do about it.
 */
export const orderProblemMessages = defineMessages({
  en: {
    dish_unavailable:
      'Some dishes ran out while you were ordering: {dishes}. Remove them in the cart and order again.',
    other: 'The order did not go through. Try again in a moment.',
    toCart: 'Back to the cart',
    toOrders: 'My orders',
    resumeTitle: 'Your last order is still on its way',
    resumeText:
      'It was being sent when the connection dropped. Send it again: it will not be placed twice.',
    resume: 'Finish sending',
    discard: 'Discard',
  },
  ru: {
    dish_unavailable:
      'Пока вы оформляли заказ, закончились блюда: {dishes}. Уберите их в корзине и закажите снова.',
    other: 'Заказ не отправлен. Попробуйте ещё раз чуть позже.',
    toCart: 'Вернуться в корзину',
    toOrders: 'Мои заказы',
    resumeTitle: 'Ваш прошлый заказ ещё в пути',
    resumeText: 'Он отправлялся, когда пропала связь. Отправьте его снова: дважды он не оформится.',
    resume: 'Отправить',
    discard: 'Отменить',
  },
})
