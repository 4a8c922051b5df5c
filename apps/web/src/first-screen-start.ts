// The second entry of the build, on pages the server has drawn (decision 0025): it holds the
// app back until the drawing is on screen. It imports nothing (its worker is a file of its
// own), so it stays one small file;
// the ids are `FIRST_SCREEN_ID` and `APP_PRELOADS_ID` of @tableside/contracts/first-screen,
// the list of added dishes `DRAWN_ADDS` of lib/first-screen.ts.

/** However the drawing fares, the app starts after this long. */
const SHOWN_WAIT_MS = 3000

/**
 * Resolves once the drawing is on screen with its first photos, as the browser reports their
 * largest paint. A tap or a key means the diner wants the app now. A browser that does not
 * report it (Safari) starts the app at once.
 */
function drawingShown(drawing: Element): Promise<void> {
  const photos = [...drawing.querySelectorAll('img[loading="eager"]')]
  return new Promise((resolve) => {
    if (!PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint')) {
      resolve()
      return
    }
    const observer = new PerformanceObserver((list) => {
      const painted = list
        .getEntries()
        .some(
          (entry) =>
            entry instanceof LargestContentfulPaint &&
            (photos.length === 0 || (entry.element !== null && photos.includes(entry.element))),
        )
      if (painted) shown()
    })
    const shown = () => {
      observer.disconnect()
      clearTimeout(timer)
      removeEventListener('pointerdown', shown, true)
      removeEventListener('keydown', shown, true)
      resolve()
    }
    const timer = setTimeout(shown, SHOWN_WAIT_MS)
    addEventListener('pointerdown', shown, true)
    addEventListener('keydown', shown, true)
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
  })
}

/**
 * The app's script, preloads and first data wait in an inert template; live, they would share
 * a slow line with the drawing's photos. A script taken from a template does not run, so it is
 * written anew. Each request costs the main thread a few milliseconds on a weak phone: one node
 * a task, so a tap meanwhile is answered between them (decision 0144).
 */
function startApp(template: HTMLTemplateElement) {
  const nodes = [...template.content.childNodes]
  const next = () => {
    const node = nodes.shift()
    if (!node) return
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement('script')
      script.type = node.type
      script.src = node.src
      script.crossOrigin = node.crossOrigin
      document.head.append(script)
    } else {
      document.head.append(node)
    }
    setTimeout(next, 0)
  }
  next()
}

/**
 * Loads the browser's locale data on another thread while the page waits for its photos, so
 * the app's first prices and times do not load it on the main one (`locale-data-worker.ts`,
 * decision 0144). Where workers are refused, the app loads it itself, as before.
 */
function loadLocaleData() {
  try {
    const worker = new Worker(new URL('./locale-data-worker.ts', import.meta.url), {
      type: 'module',
    })
    worker.postMessage(document.documentElement.lang)
  } catch {
    // No worker: nothing is lost but time.
  }
}

/**
 * The first tap answered at once (decision 0124): a tap on the drawing's "+" of a dish that goes
 * to the cart in one tap (marked `data-quick-add` by the drawing) shows the card's count as the
 * app draws it and keeps the dish for the menu screen, which adds it as it takes over. The tap
 * also starts the app (`drawingShown`).
 */
function answerAdds(drawing: Element) {
  const added: string[] = []
  Reflect.set(window, '__tablesideDrawnAdds', added)
  drawing.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-quick-add]') : null
    const dishId = button instanceof HTMLElement ? button.dataset.quickAdd : undefined
    if (!button || !dishId) return
    added.push(dishId)
    const count = String(added.filter((id) => id === dishId).length)
    const words = document.createElement('span')
    words.className = 'visually-hidden'
    words.textContent = (button.getAttribute('data-in-cart') ?? '').replace('{count}', count)
    const number = document.createElement('span')
    number.setAttribute('aria-hidden', 'true')
    number.textContent = count
    let badge = button.parentElement?.querySelector('.dish-card__count')
    if (!badge) {
      badge = document.createElement('span')
      badge.className = 'dish-card__count'
      button.before(badge)
    }
    badge.replaceChildren(words, number)
  })
}

const drawing = document.getElementById('first-screen')
const template = document.getElementById('app-preloads')
if (template instanceof HTMLTemplateElement) {
  if (drawing) {
    answerAdds(drawing)
    loadLocaleData()
    void drawingShown(drawing).then(() => startApp(template))
  } else startApp(template)
}
