import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchChromium, PHONE } from '../../../scripts/lib/chromium.mjs'

export const baseUrl = (): string => inject('baseUrl')

/** The token a demo table's QR code carries (random per run: the server printed it at start). */
export function tableToken(code: string): string {
  const token = inject('tableTokens')[code]
  if (!token) throw new Error(`the server printed no QR link for demo table ${code}`)
  return token
}

/** What the QR code on a demo table leads to. */
export const tableLink = (code: string, base = baseUrl()): string =>
  `${base}/rest/demo/init?table=${tableToken(code)}`

export interface PhonePage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions the page produced. */
  problems: string[]
}

/**
 * One Chromium for the file; every story gets a fresh phone-sized context. `hosts` resolve to
 * 127.0.0.1, for stories at an address other than localhost (`http://tableside.test:PORT`).
 */
export function useBrowser({ hosts = [] }: { hosts?: readonly string[] } = {}): {
  phone: (options?: { locale?: string; javaScriptEnabled?: boolean }) => Promise<PhonePage>
} {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium({ hosts })
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })
  return {
    async phone({ locale = 'ru-RU', javaScriptEnabled = true } = {}) {
      if (!browser) throw new Error('the browser is not started yet')
      const context = await browser.newContext({
        viewport: PHONE,
        locale,
        deviceScaleFactor: 1,
        javaScriptEnabled,
      })
      contexts.push(context)
      const page = await context.newPage()
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text())
      })
      page.on('pageerror', (error) => problems.push(String(error)))
      return { page, context, problems }
    },
  }
}

/** Keeps a screenshot of what a person saw, for looking at after the run. */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  const dir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screens')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: join(dir, `${name}.png`) })
}
