import './lib/zod-config'
import './styles/tokens.css'
import './styles/base.css'
import { nextTask } from './lib/next-task'

/**
 * The first load runs in stages (decision 0144): React (the `react` chunk), a pause, the app
 * (`core`), a pause, the locale data, a pause, the start. Each file is evaluated in one task, which a tap on the server's
 * drawing would otherwise wait behind; between them it is answered at once. The chunks are
 * fetched together (module preloads in the page), so the stages cost no round trip.
 */
async function start(container: HTMLElement) {
  await import('react-dom/client')
  await nextTask()
  const { startApp } = await import('./app/start-app')
  await nextTask()
  // The page's first number or date format loads the browser's locale data (~100 ms on a weak
  // phone), which the menu's first render would otherwise do in the middle of its prices.
  new Intl.NumberFormat(document.documentElement.lang || undefined).format(0)
  await nextTask()
  await startApp(container)
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
start(container).catch((error: unknown) => {
  // The app's own code did not load (the network went away): the page stays as it is.
  console.error('Tableside could not start', error)
})
