import { defineMessages } from '../../lib/i18n/messages'

/** Paying part of an order or a share of the bill in bonus points (decision 0060). */
export const pointsFieldMessages = defineMessages({
  en: {
    pointsTitle: 'Pay with points',
    pointsBalance: 'On your card: {points}',
    pointsUse: 'Pay part with points',
    pointsFewer: 'Fewer points',
    pointsMore: 'More points',
    pointsAmount: 'Points to spend',
    pointsWorth: '{amount} off · at most {cap} here',
    pointsUpTo: 'Up to {cap} off (1 point = 1 ₽)',
    pointsNone: 'Too small an amount to pay with points.',
    pointsRow: 'Paid in points',
  },
  ru: {
    pointsTitle: 'Оплата баллами',
    pointsBalance: 'Баллов на карте: {points}',
    pointsUse: 'Оплатить часть баллами',
    pointsFewer: 'Меньше баллов',
    pointsMore: 'Больше баллов',
    pointsAmount: 'Сколько баллов списать',
    pointsWorth: 'Минус {amount} к оплате · здесь не больше {cap}',
    pointsUpTo: 'Можно списать до {cap} (1 балл = 1 ₽)',
    pointsNone: 'Сумма слишком мала, чтобы платить баллами.',
    pointsRow: 'Оплачено баллами',
  },
})
