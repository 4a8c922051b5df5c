import { defineMessages } from '../../lib/i18n/messages'

export const initMessages = defineMessages({
  en: {
    title: 'Welcome to {restaurant}',
    documentTitle: 'Welcome',
    table: 'Table {table}',
    joined:
      'You are at this table: everyone at it shares one order list and one bill, and the waiter knows where to bring the food.',
    openMenu: 'Open the menu',
    noTableTitle: 'Scan the QR code on your table',
    noTableText:
      'The code on the table seats you at it: orders go straight to your table and the waiter knows where to bring them.',
    unknownTitle: 'We could not find table {table}',
    unknownText:
      'The code may be from another restaurant or out of date. Ask the waiter, or scan the code on your table again.',
    disabledTitle: 'Table {table} is not taking app orders now',
    disabledText:
      'Orders at this table are taken by the waiter right now. Call them over, or order for delivery or pickup.',
    failedTitle: 'Could not reach the restaurant',
    failedText: 'Check the connection and try again: your table is waiting.',
    retry: 'Try again',
    elsewhere: 'Not at a table? Order here:',
    delivery: 'Delivery',
    pickup: 'Pickup',
    browseMenu: 'Just look at the menu',
  },
  ru: {
    title: 'Добро пожаловать в {restaurant}',
    documentTitle: 'Добро пожаловать',
    table: 'Стол {table}',
    joined:
      'Вы за этим столом: у всех за ним общий список заказов и общий счёт, а официант знает, куда нести блюда.',
    openMenu: 'Открыть меню',
    noTableTitle: 'Отсканируйте QR‑код на столе',
    noTableText:
      'Код на столе сажает вас за него: заказы идут прямо на ваш стол, и официант знает, куда их нести.',
    unknownTitle: 'Стол {table} не найден',
    unknownText:
      'Возможно, код от другого ресторана или устарел. Спросите официанта или отсканируйте код на вашем столе ещё раз.',
    disabledTitle: 'Стол {table} сейчас не принимает заказы через приложение',
    disabledText:
      'Заказы за этим столом сейчас принимает официант. Позовите его или закажите с доставкой или самовывозом.',
    failedTitle: 'Не удалось связаться с рестораном',
    failedText: 'Проверьте подключение и попробуйте ещё раз: ваш стол ждёт.',
    retry: 'Повторить',
    elsewhere: 'Вы не за столом? Закажите так:',
    delivery: 'Доставка',
    pickup: 'Самовывоз',
    browseMenu: 'Просто посмотреть меню',
  },
})
