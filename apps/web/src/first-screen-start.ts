// The second entry of the build, on pages the server has drawn (decision 0025): it holds the
// app back until the drawing is on screen. It imports nothing, so it stays one small file;
// the ids are `FIRST_SCREEN_ID` and `APP_PRELOADS_ID` of @tableside/contracts/first-screen.

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
 * written anew.
 */
function startApp(template: HTMLTemplateElement) {
  for (const node of [...template.content.childNodes]) {
    if (node instanceof HTMLScriptElement) {
      const script = document.createElement('script')
      script.type = node.type
      script.src = node.src
      script.crossOrigin = node.crossOrigin
      document.head.append(script)
    } else {
      document.head.append(node)
    }
  }
}

const drawing = document.getElementById('first-screen')
const template = document.getElementById('app-preloads')
if (template instanceof HTMLTemplateElement) {
  if (drawing) void drawingShown(drawing).then(() => startApp(template))
  else startApp(template)
}
