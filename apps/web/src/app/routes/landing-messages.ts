import { defineMessages } from '../../lib/i18n/messages'

export const landingMessages = defineMessages({
  en: {
    name: 'Tableside',
    skipToContent: 'Skip to content',
    eyebrow: 'Order from the table',
    title: 'Order and pay right from your table',
    lead: 'The restaurant menu on your phone: browse, order, pay and call the waiter. No app to install, no waiting for the bill.',
    howTitle: 'How it works',
    step1Title: 'Scan the QR code on your table',
    step1Text: 'Point your phone camera at the code on the table card and open the link.',
    step2Title: 'Browse the menu and order',
    step2Text: 'See every dish with photos and prices and send your order to the kitchen.',
    step3Title: 'Pay, tip and call the waiter',
    step3Text: 'Pay by card or SBP, split the bill with friends, or call the waiter in a tap.',
    demoTitle: 'Try the demo restaurant',
    demoText:
      'No QR code at hand? Look around the demo menu. To order at a table, scan the code on it: only that code opens the table.',
    demoMenu: 'Browse the demo menu',
    waiter: 'Working at the restaurant? Open the waiter area',
    about: 'About Tableside',
  },
  ru: {
    name: 'Tableside',
    skipToContent: 'Перейти к содержимому',
    eyebrow: 'Заказ прямо со стола',
    title: 'Заказывайте и платите прямо за столом',
    lead: 'Меню ресторана в вашем телефоне: выбирайте блюда, заказывайте, оплачивайте и зовите официанта. Ничего не нужно устанавливать, не нужно ждать счёт.',
    howTitle: 'Как это работает',
    step1Title: 'Отсканируйте QR‑код на столе',
    step1Text: 'Наведите камеру телефона на код на табличке и откройте ссылку.',
    step2Title: 'Выберите блюда и закажите',
    step2Text: 'Всё меню с фотографиями и ценами, заказ сразу уходит на кухню.',
    step3Title: 'Оплатите, оставьте чаевые, позовите официанта',
    step3Text:
      'Платите картой или через СБП, делите счёт с друзьями, зовите официанта одним касанием.',
    demoTitle: 'Загляните в демо-ресторан',
    demoText:
      'QR‑кода под рукой нет? Осмотритесь в демо-меню. Чтобы заказать за столом, отсканируйте код на нём: только он открывает стол.',
    demoMenu: 'Открыть демо-меню',
    waiter: 'Работаете в ресторане? Откройте раздел официанта',
    about: 'О Tableside',
  },
})
