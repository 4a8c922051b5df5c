import { defineMessages } from '../lib/i18n/messages'

export const screenMessages = defineMessages({
  en: { comingSoon: 'Coming with the next release', pageTitle: '{page} · {place}' },
  ru: { comingSoon: 'Появится в следующем выпуске', pageTitle: '{page} · {place}' },
})
