import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
/** Same-origin addresses the browser answers itself (the app's CSP allows 'self' only). */
const READER = '/__e2e__/pdf-reader/'

const files: Record<string, { type: string; path: string }> = {
  'index.html': { type: 'text/html', path: '' },
  'pdf.mjs': { type: 'text/javascript', path: 'pdfjs-dist/build/pdf.min.mjs' },
  'pdf.worker.mjs': { type: 'text/javascript', path: 'pdfjs-dist/build/pdf.worker.min.mjs' },
  'jsqr.js': { type: 'text/javascript', path: 'jsqr/dist/jsQR.js' },
}

const PAGE = `<!doctype html><html lang="en"><title>PDF reader</title>
<script src="jsqr.js"></script>
<script type="module">
import * as pdfjs from './pdf.mjs'
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdf.worker.mjs', location.href).href
window.readQrCodes = async (base64, columns, rows) => {
  const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  const pdf = await pdfjs.getDocument({ data }).promise
  const pages = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const viewport = page.getViewport({ scale: 2 })
    const canvas = document.createElement('canvas')
    canvas.width = Math.ceil(viewport.width)
    canvas.height = Math.ceil(viewport.height)
    const context = canvas.getContext('2d', { willReadFrequently: true })
    await page.render({ canvas, canvasContext: context, viewport }).promise
    const width = Math.floor(canvas.width / columns)
    const height = Math.floor(canvas.height / rows)
    const codes = []
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < columns; column++) {
        const image = context.getImageData(column * width, row * height, width, height)
        const code = window.jsQR(image.data, width, height)
        if (code) codes.push(code.data)
      }
    }
    pages.push(codes)
  }
  return pages
}
window.readerReady = true
</script></html>`

/**
 * Reads a PDF's QR codes in the browser as a person's camera would see the printed page: pdf.js
 * draws each page on a canvas at 144 dpi, cut into `columns × rows` cells of one code each, and
 * jsQR decodes each cell. Opens its own page at `origin`, served by the browser itself.
 */
export async function readQrCodesInBrowser(
  page: Page,
  origin: string,
  pdf: Buffer,
  grid: { columns: number; rows: number },
): Promise<string[][]> {
  await page.route(`${origin}${READER}**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(READER.length) || 'index.html'
    const file = files[name]
    if (!file) return route.fulfill({ status: 404 })
    const body = file.path ? readFileSync(require.resolve(file.path), 'utf8') : PAGE
    return route.fulfill({ contentType: `${file.type}; charset=utf-8`, body })
  })
  await page.goto(`${origin}${READER}index.html`)
  await page.waitForFunction(() => 'readerReady' in window)
  return page.evaluate(
    async ([base64, columns, rows]) =>
      (
        window as unknown as {
          readQrCodes: (data: string, columns: number, rows: number) => Promise<string[][]>
        }
      ).readQrCodes(base64, columns, rows),
    [pdf.toString('base64'), grid.columns, grid.rows] as const,
  )
}
