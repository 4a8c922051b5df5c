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
    outdatedTitle: 'This link does not open a table',
    outdatedText:
      'Scan the QR code on your table: that is what seats you at it. A link with just the table number does not.',
    replacedTitle: 'This QR code has been replaced',
    replacedText:
      'The restaurant has put a new QR code on the table. Scan the one on your table now.',
    disabledTitle: 'This table is not taking app orders now',
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
    outdatedTitle: 'Эта ссылка не открывает стол',
    outdatedText:
      'Отсканируйте QR‑код на вашем столе: именно он сажает вас за стол. Ссылка с одним номером стола этого не делает.',
    replacedTitle: 'Этот QR‑код заменён',
    replacedText:
      'Ресторан поставил на стол новый QR‑код. Отсканируйте тот, что стоит на вашем столе сейчас.',
    disabledTitle: 'Этот стол сейчас не принимает заказы через приложение',
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
