import { defineMessages } from '../../lib/i18n/messages'

/** The back office's warning that the day's sign-in codes by SMS run out (decision 0109). */
export const smsBudgetMessages = defineMessages({
  en: {
    restaurantNearly:
      'Sign-in codes by SMS today: {sent} of {budget}. When they run out, diners cannot sign in until midnight.',
    restaurantSpent:
      'All {budget} sign-in codes by SMS for today are sent: diners cannot sign in until midnight.',
    serverNearly:
      'This server has sent {sent} of its {budget} sign-in codes by SMS for today, for every restaurant on it. Tell whoever runs Tableside (SMS_DAILY_BUDGET).',
    serverSpent:
      'This server has sent all {budget} of its sign-in codes by SMS for today: diners cannot sign in until midnight UTC. Tell whoever runs Tableside (SMS_DAILY_BUDGET).',
    change: 'Change the limit',
  },
  ru: {
    restaurantNearly:
      'Кодов для входа по СМС сегодня: {sent} из {budget}. Когда они закончатся, гости не смогут войти до полуночи.',
    restaurantSpent:
      'Все {budget} кодов для входа по СМС на сегодня отправлены: гости не смогут войти до полуночи.',
    serverNearly:
      'Сервер отправил {sent} из {budget} кодов для входа по СМС на сегодня — для всех ресторанов на нём. Сообщите тому, кто обслуживает Tableside (SMS_DAILY_BUDGET).',
    serverSpent:
      'Сервер отправил все {budget} кодов для входа по СМС на сегодня: гости не смогут войти до полуночи по UTC. Сообщите тому, кто обслуживает Tableside (SMS_DAILY_BUDGET).',
    change: 'Изменить лимит',
  },
})
