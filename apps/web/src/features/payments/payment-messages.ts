import type { PaymentFailure } from '@tableside/contracts/payments'
import { defineMessages } from '../../lib/i18n/messages'

/** The words of paying online, shared by the order's and the bill's payment screens. */
export const paymentMessages = defineMessages({
  en: {
    methodLegend: 'How to pay',
    card: 'Card',
    cardHint: 'Visa, Mastercard, Mir',
    sbp: 'SBP',
    sbpHint: 'Fast payment from your bank app',
    noOnlineMethods: 'This restaurant does not take payments online. Pay the waiter instead.',
    payAmount: 'Pay {amount}',
    starting: 'Opening the payment page…',
    due: 'To pay',
    pending: 'Waiting for the payment…',
    pendingHint:
      'Finish the payment on the bank page. This screen updates by itself once the bank answers.',
    backToBank: 'Back to the payment page',
    chooseAgain: 'Choose another way to pay',
    confirming: 'Confirming the payment…',
    confirmingHint:
      'If you have paid, the bank confirms it in a few seconds. If not, go back to the payment page.',
    paid: 'Paid',
    paidAmount: 'Paid {amount}',
    failed: 'The payment did not go through',
    declined: 'The bank declined the card.',
    insufficient_funds: 'Not enough money on the card.',
    authentication_failed: 'The confirmation code was wrong.',
    rejected_in_bank_app: 'The payment was rejected in the bank app.',
    expired: 'The payment was not completed in 15 minutes.',
    cancelled: 'The payment was cancelled.',
    unknownFailure: 'The bank did not take the payment.',
    notFoundTitle: 'Payment not found',
    notFound: 'There is no such payment. The link may be incomplete.',
    loadFailed: 'The payment’s status did not load. Check the connection and try again.',
    retry: 'Try again',
    startFailed: 'The payment could not be started. Check the connection and try again.',
    method: 'Method',
    paidAt: 'Paid at',
    amountPaid: 'Amount paid',
    tip: 'Tip',
    testPayment: 'Test payment: no money moves',
  },
  ru: {
    methodLegend: 'Способ оплаты',
    card: 'Картой',
    cardHint: 'Visa, Mastercard, Мир',
    sbp: 'СБП',
    sbpHint: 'Быстрый платёж из приложения банка',
    noOnlineMethods: 'Этот ресторан не принимает оплату онлайн. Оплатите заказ официанту.',
    payAmount: 'Оплатить {amount}',
    starting: 'Открываем страницу оплаты…',
    due: 'К оплате',
    pending: 'Ждём оплату…',
    pendingHint:
      'Завершите оплату на странице банка. Этот экран обновится сам, как только банк ответит.',
    backToBank: 'Вернуться на страницу оплаты',
    chooseAgain: 'Выбрать другой способ оплаты',
    confirming: 'Подтверждаем оплату…',
    confirmingHint:
      'Если вы уже оплатили, банк подтвердит платёж за несколько секунд. Если нет — вернитесь на страницу оплаты.',
    paid: 'Оплачено',
    paidAmount: 'Оплачено {amount}',
    failed: 'Оплата не прошла',
    declined: 'Банк отклонил карту.',
    insufficient_funds: 'На карте недостаточно денег.',
    authentication_failed: 'Код подтверждения введён неверно.',
    rejected_in_bank_app: 'Платёж отклонён в приложении банка.',
    expired: 'Платёж не был завершён за 15 минут.',
    cancelled: 'Платёж отменён.',
    unknownFailure: 'Банк не принял платёж.',
    notFoundTitle: 'Платёж не найден',
    notFound: 'Такого платежа нет. Возможно, ссылка неполная.',
    loadFailed: 'Не удалось узнать, прошла ли оплата. Проверьте связь и попробуйте ещё раз.',
    retry: 'Повторить',
    startFailed: 'Не удалось начать оплату. Проверьте связь и попробуйте ещё раз.',
    method: 'Способ',
    paidAt: 'Время оплаты',
    amountPaid: 'Оплачено',
    tip: 'Чаевые',
    testPayment: 'Тестовый платёж: деньги не списываются',
  },
})

/** The message that explains why a payment failed, in plain words. */
export function failureMessageKey(reason: PaymentFailure | null) {
  return reason ?? 'unknownFailure'
}
