import { defineMessages } from '../../lib/i18n/messages'

/** The heart's words: on the menu's cards, in the dish window and on the dish page. */
export const heartMessages = defineMessages({
  en: {
    // One label whatever the state: aria-pressed says whether it is saved (WAI-ARIA's toggle
    // button pattern; a label that flips as well would say it twice and contradict itself).
    label: 'Favourite: {name}',
    added: '“{name}” saved to favourites',
    removed: '“{name}” removed from favourites',
  },
  ru: {
    label: 'Избранное: {name}',
    added: '«{name}» — в избранном',
    removed: '«{name}» убрали из избранного',
  },
})
