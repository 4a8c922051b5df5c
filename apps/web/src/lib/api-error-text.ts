import type { ApiError } from './api-error'
import { defineMessages } from './i18n/messages'

/**
 * What an API error means to a diner, in the page's language, by its stable code (never the
 * server's own message, which is English and written for developers). One mapping for every
 * screen that talks to the API: checkout, the Pay screen.
 */
export const apiErrorMessages = defineMessages({
  en: {
    network_error: 'No connection to the server. Check the internet and try again.',
    rate_limited: 'Too many tries in a row. Wait a minute and try again.',
    dish_unavailable:
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
    payment_provider_unavailable: 'Card payment is unavailable right now. Please pay the waiter.',
    idempotency_conflict:
      'An earlier try of this order may already have reached the restaurant. Check your orders before ordering again.',
    validation_failed: 'Check the marked fields.',
    order_too_large:
      'This is more than one order, or one table, can come to. Order fewer dishes, or in parts.',

    bonus_insufficient:
      'Your card has fewer points now (another order took some). Check the points and confirm again.',
    bonus_over_cap: 'That is more points than this order may take. Choose fewer and confirm again.',
    bonus_no_card: 'You have no bonus card here yet. Register one in your profile.',
    bonus_program_off: 'This restaurant no longer takes points. Confirm without them.',
    unauthorized: 'Your sign-in has ended. Sign in again to pay with points, or pay without them.',
  },
  ru: {
    network_error: 'Нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    rate_limited: 'Слишком много попыток подряд. Подождите минуту и попробуйте снова.',
    dish_unavailable:
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
    payment_provider_unavailable: 'Оплата картой сейчас недоступна, оплатите официанту.',
    idempotency_conflict:
      'Возможно, прошлая попытка этого заказа уже дошла до ресторана. Проверьте ваши заказы, прежде чем заказывать снова.',
    validation_failed: 'Проверьте отмеченные поля.',
    order_too_large:
      'Это больше, чем может стоить один заказ или счёт стола. Уменьшите заказ или закажите частями.',

    bonus_insufficient:
      'Баллов на карте стало меньше (их списал другой заказ). Проверьте баллы и подтвердите снова.',
    bonus_over_cap: 'Столько баллов на этот заказ не списать. Выберите меньше и подтвердите снова.',
    bonus_no_card: 'У вас пока нет бонусной карты этого ресторана. Оформите её в профиле.',
    bonus_program_off: 'Ресторан больше не принимает баллы. Подтвердите заказ без них.',
    unauthorized:
      'Вход в профиль истёк. Войдите снова, чтобы оплатить баллами, или оплатите без них.',
  },
})

export type ApiErrorKey = keyof (typeof apiErrorMessages)['en']

const isKey = (code: string): code is ApiErrorKey => Object.hasOwn(apiErrorMessages.en, code)

/** The text for an error's code; null for a code no diner's screen explains (the screen says what failed). */
export function apiErrorKey(error: Pick<ApiError, 'code'>): ApiErrorKey | null {
  return isKey(error.code) ? error.code : null
}
