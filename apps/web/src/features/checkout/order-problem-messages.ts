import { defineMessages } from '../../lib/i18n/messages'

/** Why an order was not placed, in plain words, and what to do about it. */
export const orderProblemMessages = defineMessages({
  en: {
    dish_unavailable:
      'Some dishes ran out while you were ordering: {dishes}. Remove them in the cart and order again.',
    dish_unavailable_plain:
      'Some dishes ran out while you were ordering. Remove them in the cart and order again.',
    total_changed:
      'Prices changed while you were ordering. Check the new total below and confirm again.',
    below_minimum_order:
      'The order is below the delivery minimum now. Add a little more or choose pickup.',
    slot_unavailable: 'That time is no longer available. Choose another one.',
    session_expired:
      'Your table session has ended. Scan the QR code on the table again, or choose delivery or pickup.',
    order_type_unavailable:
      'The restaurant is not taking this kind of order right now. Choose another.',
    payment_method_unavailable: 'This way of paying is not available right now. Choose another.',
    idempotency_conflict:
      'An earlier try of this order may already have reached the restaurant. Check your orders before ordering again.',
    validation_failed: 'Check the marked fields.',
    order_too_large:
      'This is more than one order, or one table, can come to. Order fewer dishes, or in parts.',
    other: 'The order did not go through: {message}. Try again in a moment.',
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
    dish_unavailable_plain:
      'Пока вы оформляли заказ, часть блюд закончилась. Уберите их в корзине и закажите снова.',
    total_changed:
      'Пока вы оформляли заказ, цены изменились. Проверьте новую сумму ниже и подтвердите снова.',
    below_minimum_order:
      'Сумма заказа теперь меньше минимальной для доставки. Добавьте блюд или выберите самовывоз.',
    slot_unavailable: 'Это время уже занято. Выберите другое.',
    session_expired:
      'Сессия стола завершена. Отсканируйте QR‑код на столе ещё раз или выберите доставку или самовывоз.',
    order_type_unavailable: 'Ресторан сейчас не принимает такие заказы. Выберите другой способ.',
    payment_method_unavailable: 'Этот способ оплаты сейчас недоступен. Выберите другой.',
    idempotency_conflict:
      'Возможно, прошлая попытка этого заказа уже дошла до ресторана. Проверьте ваши заказы, прежде чем заказывать снова.',
    validation_failed: 'Проверьте отмеченные поля.',
    order_too_large:
      'Это больше, чем может стоить один заказ или счёт стола. Уменьшите заказ или закажите частями.',
    other: 'Заказ не отправлен: {message}. Попробуйте ещё раз чуть позже.',
    toCart: 'Вернуться в корзину',
    toOrders: 'Мои заказы',
    resumeTitle: 'Ваш прошлый заказ ещё в пути',
    resumeText: 'Он отправлялся, когда пропала связь. Отправьте его снова: дважды он не оформится.',
    resume: 'Отправить',
    discard: 'Отменить',
  },
})
