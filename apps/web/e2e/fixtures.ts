import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, Download, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, inject, onTestFinished } from 'vitest'
import {
  connectChromium,
  launchChromium,
  PHONE,
  STORY_HOSTS,
} from '../../../scripts/lib/chromium.mjs'
import { storyRestaurantId, type StoryRestaurant } from './story-restaurants'

export const baseUrl = (): string => inject('baseUrl')

/**
 * The restaurant this story file has to itself on the shared server, named after the file and
 * seeded with the demo's content (tables T1–T12, Анна and Игорь, the manager, the kitchen, the
 * menu): what one file's stories leave, no other file sees (decision 0093).
 */
export function storyRestaurant(): StoryRestaurant {
  const id = storyRestaurantId(expect.getState().testPath ?? '')
  const restaurant = inject('storyRestaurants')[id]
  if (!restaurant) throw new Error(`the e2e setup seeded no restaurant for the story file ${id}`)
  return restaurant
}

/** The story file's restaurant's id, as it appears in URLs and the API. */
export const restaurantId = (): string => storyRestaurant().id

/** A path in the story file's restaurant: `restaurantPath('/menu')` is `/rest/{id}/menu`. */
export const restaurantPath = (path: string): string => `/rest/${restaurantId()}${path}`

/** A page of the story file's restaurant on the shared server (or at `base`). */
export const restaurantUrl = (path: string, base = baseUrl()): string =>
  `${base}${restaurantPath(path)}`

/** Where the web app keeps `what` for the story file's restaurant in localStorage. */
export const storageKey = (what: string): string => `tableside.${what}.v1.${restaurantId()}`

/** The token a table's QR code carries (random per run: the e2e setup seeded it). */
export function tableToken(code: string): string {
  const token = storyRestaurant().tableTokens[code]
  if (!token) throw new Error(`the story's restaurant has no table ${code}`)
  return token
}

/** What the QR code on a table of the story file's restaurant leads to. */
export const tableLink = (code: string, base = baseUrl()): string =>
  restaurantUrl(`/init?table=${tableToken(code)}`, base)

export interface PhonePage {
  page: Page
  context: BrowserContext
  /** Console errors and uncaught exceptions the page produced. */
  problems: string[]
}

/**
 * The run's Chromium, started once by the project's setup (decision 0097); every story gets a
 * fresh phone-sized context of its own (cookies, storage and service workers apart), closed when
 * the story ends: a page left open goes on polling, rendering and keeping its sockets, and a file
 * of thirty stories kept thirty such pages busy on CI's two cores. `hosts` are the names the
 * story opens the app at besides localhost (`http://tableside.test:PORT`); the run's Chromium
 * resolves them to 127.0.0.1. The run's Chromium is the headless shell, which refuses
 * notifications: a file of `webPush` stories starts the full browser for itself (decision 0101).
 */
export function useBrowser({
  hosts = [],
  webPush = false,
}: { hosts?: readonly string[]; webPush?: boolean } = {}): {
  phone: (options?: {
    locale?: string
    javaScriptEnabled?: boolean
    /** The device's time zone (`UTC`, `America/Los_Angeles`); the machine's unless given. */
    timezoneId?: string
  }) => Promise<PhonePage>
} {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    const unmapped = hosts.filter((host) => !STORY_HOSTS.includes(host))
    if (unmapped.length > 0)
      throw new Error(
        `The run's Chromium resolves only ${STORY_HOSTS.join(', ')}: not ${unmapped.join(', ')}`,
      )
    browser = webPush
      ? await launchChromium({ hosts: STORY_HOSTS })
      : await connectChromium(inject('browserEndpoint'))
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
  })
  return {
    async phone({ locale = 'ru-RU', javaScriptEnabled = true, timezoneId } = {}) {
      if (!browser) throw new Error('the browser is not started yet')
      const context = await browser.newContext({
        viewport: PHONE,
        locale,
        deviceScaleFactor: 1,
        javaScriptEnabled,
        ...(timezoneId ? { timezoneId } : {}),
      })
      contexts.push(context)
      onTestFinished(async () => {
        contexts.splice(contexts.indexOf(context), 1)
        await context.close()
      })
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

/** A download's bytes (the run's Chromium is remote to the story: it has no local path). */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Where the run keeps a screenshot named `name` (`test-results/screens/{name}.png`). */
export function screenshotPath(name: string): string {
  const dir = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screens')
  mkdirSync(dir, { recursive: true })
  return join(dir, `${name}.png`)
}

/**
 * Elements that stick out past the right edge of a page that scrolls sideways (issue 14: a
 * hidden label made every page 36 px too wide). Empty when the page fits its viewport.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement
    const width = root.clientWidth
    if (root.scrollWidth <= width) return []
    const describe = (element: Element) =>
      [
        element.tagName.toLowerCase(),
        element.id ? `#${element.id}` : '',
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '',
      ].join('')
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > width + 0.5
    // Inside a strip that scrolls or clips sideways, and that itself fits, nothing reaches the
    // page's width. Absolutely placed elements are clipped by their containing block's
    // ancestors, not by their parents: that is how a hidden label escapes a strip.
    const clipped = (element: Element) => {
      let box: Element | null = element
      while (box && box !== document.body) {
        const style = getComputedStyle(box)
        const next: Element | null =
          style.position === 'absolute' || style.position === 'fixed'
            ? (box as HTMLElement).offsetParent
            : box.parentElement
        if (next && next !== document.body) {
          const overflowX = getComputedStyle(next).overflowX
          if (overflowX !== 'visible' && !sticksOut(next)) return true
        }
        box = next
      }
      return false
    }
    const offenders = Array.from(document.body.querySelectorAll('*')).filter(
      (element) => sticksOut(element) && !clipped(element),
    )
    // The innermost offenders name the cause; their parents stick out because of them.
    const innermost = offenders.filter(
      (element) => !offenders.some((other) => other !== element && element.contains(other)),
    )
    return [
      `page is ${String(root.scrollWidth)} px wide in a ${String(width)} px viewport`,
      ...innermost.slice(0, 5).map(describe),
    ]
  })
}

/**
 * Keeps a screenshot of what a person saw, for looking at after the run. Every screen a story
 * photographs is also checked for sideways overflow, so a layout slip anywhere fails its story.
 */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: screenshotPath(name) })
  expect(await horizontalOverflow(page), `${name}: nothing may stick out sideways`).toEqual([])
}
