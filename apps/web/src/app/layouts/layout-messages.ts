import { defineMessages } from '../../lib/i18n/messages'

export const layoutMessages = defineMessages({
  en: {
    skipToContent: 'Skip to content',
    profile: 'Your profile',
    dinerNav: 'Main',
    garcon: 'Waiter',
    menu: 'Menu',
    cart: 'Cart',
    orders: 'Orders',
    bill: 'Bill',
    call: 'Waiter',
  },
  ru: {
    skipToContent: 'Перейти к содержимому',
    profile: 'Ваш профиль',
    dinerNav: 'Основное',
    garcon: 'Официант',
    menu: 'Меню',
    cart: 'Корзина',
    orders: 'Заказы',
    bill: 'Счёт',
    call: 'Официант',
  },
})
