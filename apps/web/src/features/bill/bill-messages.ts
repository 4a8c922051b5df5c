import { defineMessages } from '../../lib/i18n/messages'

export const billMessages = defineMessages({
  en: {
    title: 'Bill',
    table: 'Table {table}',
    closed: 'the table is closed',
    noTableTitle: 'Scan the QR code on your table',
    noTable:
      'The bill belongs to a table: scan the code on yours with the phone camera and every order placed at it, from every phone, shows here.',
    sessionGone:
      'This table’s visit has ended. Scan the code on the table again to start a new one.',
    loading: 'Loading the bill…',
    failedTitle: 'The bill did not load',
    failed: 'Check the connection and try again.',
    retry: 'Try again',
    emptyTitle: 'Nothing ordered yet',
    empty: 'Orders placed at this table from any phone appear here as soon as they are sent.',
    toMenu: 'Go to the menu',
    orders: 'Orders at the table',
    sums: 'Sums',
    payWaiter: 'Pay the waiter in cash or by card.',
    payHereOrWaiter: 'Pay online below, or pay the waiter.',
    allPaid: 'Everything is paid. Thank you!',
    beingPaid:
      'A payment is going through. Until the bank confirms it, the amount stays due; if it does not go through, pay another way.',
    callForBill: 'Ask for the bill',
  },
  ru: {
    title: 'Счёт',
    table: 'Стол {table}',
    closed: 'стол закрыт',
    noTableTitle: 'Отсканируйте QR-код на столе',
    noTable:
      'Счёт ведётся по столу: наведите камеру телефона на код на вашем столе, и здесь появятся все заказы стола со всех телефонов.',
    sessionGone:
      'Посещение этого стола закончилось. Отсканируйте код на столе ещё раз, чтобы начать новое.',
    loading: 'Загружаем счёт…',
    failedTitle: 'Счёт не загрузился',
    failed: 'Проверьте связь и попробуйте ещё раз.',
    retry: 'Повторить',
    emptyTitle: 'Пока ничего не заказано',
    empty: 'Заказы этого стола с любого телефона появятся здесь сразу после отправки.',
    toMenu: 'Перейти в меню',
    orders: 'Заказы стола',
    sums: 'Суммы',
    payWaiter: 'Оплатите официанту наличными или картой.',
    payHereOrWaiter: 'Оплатите онлайн ниже или официанту.',
    allPaid: 'Всё оплачено. Спасибо!',
    beingPaid:
      'Платёж проходит. Пока банк его не подтвердил, сумма остаётся к оплате; если платёж не пройдёт, оплатите другим способом.',
    callForBill: 'Попросить счёт',
  },
})
