import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { launchChromium, PHONE } from '../../../scripts/lib/chromium.mjs'

export const baseUrl = (): string => inject('baseUrl')

export interface PhonePage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions the page produced. */
  problems: string[]
}

/** One Chromium for the file; every story gets a fresh phone-sized context. */
export function useBrowser(): {
  phone: (options?: { locale?: string; javaScriptEnabled?: boolean }) => Promise<PhonePage>
} {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
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
