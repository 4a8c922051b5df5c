import { defineMessages } from '../lib/i18n/messages'

/** Texts of the app shell, needed before any screen's code arrives. */
export const appMessages = defineMessages({
  en: {
    loading: 'Loading…',
    updateAvailable: 'A new version is available',
    updateReload: 'Reload',
    updateLater: 'Later',
  },
  ru: {
    loading: 'Загрузка…',
    updateAvailable: 'Доступна новая версия',
    updateReload: 'Обновить',
    updateLater: 'Позже',
  },
})
