// The browser's locale data, loaded on a thread of the page's own (decision 0144). The first
// number or date format a page makes loads ICU's data for it (~100 ms of a weak phone's main
// thread, in the middle of the menu's first render); the data is the process's, so once a
// worker has made one, the page's own cost next to nothing. The page's starter
// (`first-screen-start.ts`) starts it and posts the page's language; it closes when done.
import { formatNumber } from './lib/format-price'
import { restaurantClock } from './lib/restaurant-time'

addEventListener('message', (event: MessageEvent<unknown>) => {
  const language = typeof event.data === 'string' && event.data !== '' ? event.data : 'ru'
  try {
    formatNumber(0, language)
    restaurantClock(0, 'UTC', language)
  } finally {
    close()
  }
})
