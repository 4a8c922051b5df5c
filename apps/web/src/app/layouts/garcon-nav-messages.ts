import { defineMessages } from '../../lib/i18n/messages'

/**
 * The waiter's tab bar. Its own file, loaded with the waiter's screens: layout-messages is in
 * every diner's first load, which has no room for words only waiters read.
 */
export const garconNavMessages = defineMessages({
  en: {
    tables: 'Tables',
    tips: 'Tips',
    garconProfile: 'Profile',
  },
  ru: {
    tables: 'Столы',
    tips: 'Чаевые',
    garconProfile: 'Профиль',
  },
})
