import { defineMessages } from '../../lib/i18n/messages'

/** The dish layout's words: apart from the shell's, so they load with the dish page. */
export const dishLayoutMessages = defineMessages({
  en: { backToMenu: 'Back to the menu' },
  ru: { backToMenu: 'Назад к меню' },
})
