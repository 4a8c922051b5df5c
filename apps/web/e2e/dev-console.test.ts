import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { useBrowser } from './fixtures'

describe('The developer console (APP_ENV=development)', () => {
  const browser = useBrowser()

  // Issue 25: a story saw "AbortError: signal is aborted without reason" as a page error. The
  // console's network panel reads a copy of each response and left that read unhandled when the
  // app cancelled the request after its headers had come.
  it('Cancelling a request mid-answer leaves no page error behind the console', async () => {
    const server = await startServer({ env: { APP_ENV: 'development' } })
    try {
      const { page, problems } = await browser.phone()
      await page.goto(`${server.url}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await page.waitForFunction(() => document.querySelector('#eruda') !== null)
      const cancelled = await page.evaluate(async () => {
        // The copy's failed read reaches the page as an unhandled rejection; wait for it.
        const reported = new Promise<void>((resolve) => {
          window.addEventListener('unhandledrejection', () => resolve())
        })
        const controller = new AbortController()
        const response = await fetch('/api/v1/restaurants/demo/menu', {
          signal: controller.signal,
          cache: 'no-store',
        })
        controller.abort()
        const read = await response.text().then(
          () => 'read',
          (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
        )
        await reported
        return read
      })
      // One more round trip: a page error reported with that rejection has arrived by now.
      await page.evaluate(() => document.title)
      expect(cancelled).toBe('AbortError')
      // The console's own icon fonts are refused by the page's CSP (font-src 'self'), as ever.
      const seen = problems.filter((text) => !text.includes('directive: "font-src'))
      expect(seen).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
