import { beforeAll, describe, expect, it } from 'vitest'
import {
  baseUrl,
  horizontalOverflow,
  keepScreenshot,
  restaurantId,
  screenshotPath,
  storageKey,
  tableToken,
  useBrowser,
} from './fixtures'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import {
  borscht,
  kvass,
  openTable,
  payOrderByCard,
  placeTableOrder,
  seatAtTable,
} from './table-service'
import { openScreen } from './open-screen'

const restaurantRoutes = [
  `init?table=${tableToken('T1')}`,
  'menu',
  'dishes/1',
  'cart',
  'order',
  'order/42',
  'order/42/pay',
  'order/42/success',
  'order/42/fail',
  'orders',
  'bill',
  'call',
  'favorites',
  'history',
  'client',
  'client/auth',
  'garcon',
  'garcon/profile',
  'garcon/select-tables',
  'garcon/tips',
  'garcon/bonus-card',
]

describe('A diner or a waiter opens any screen on a phone', () => {
  const browser = useBrowser()

  // Staff screens (issue 17) open at their sign-in windows; their stories sign in.
  const staffRoutes = ['admin', 'admin/menu', 'admin/audit', 'kitchen']

  it.each([
    '/',
    ...[...restaurantRoutes, ...staffRoutes].map((route) => `/rest/${restaurantId()}/${route}`),
  ])('%s renders its screen without an error', async (path) => {
    const { page, problems } = await browser.phone()
    const response = await openScreen(page, `${baseUrl()}${path}`)
    expect(response?.status()).toBe(200)
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
    expect(await page.locator('.error-page').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(problems).toEqual([])
    await keepScreenshot(
      page,
      path.replace(/table=.*/, 'table').replace(/[^a-z0-9]+/gi, '_') || 'index',
    )
  })

  it('the guard on /pay sends an order that cannot be paid online back to the order', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/order/42/pay`)
    expect(new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/order/42`)
  })

  it('the dish page uses the dish layout, every other screen the default one', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/dishes/1`)
    await expect.poll(() => page.locator('[data-layout="dish"]').count()).toBe(1)
    expect(await page.locator('[data-layout="default"]').count()).toBe(0)
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/cart`)
    await expect.poll(() => page.locator('[data-layout="default"]').count()).toBe(1)
  })
})

/** The demo's stories, as the strip lists them. */
async function demoStoryIds(): Promise<string[]> {
  const response = await fetch(`${baseUrl()}/api/v1/restaurants/${restaurantId()}/stories`)
  const { stories } = (await response.json()) as { stories: { id: string }[] }
  return stories.map((story) => story.id)
}

/**
 * The walk through every screen (issue 14): both phone sizes, both languages, stories watched
 * and not, seated at a table with an order. The screenshots are the run's artefacts
 * (`test-results/screens/walk-*`), for a person to look at.
 */
describe('Every screen fits a phone, stories watched or not, in either language', () => {
  const browser = useBrowser()
  let storyIds: string[] = []
  beforeAll(async () => {
    storyIds = await demoStoryIds()
  })

  it.each([
    { width: 360, height: 740, stories: 'unviewed', language: 'ru' },
    { width: 360, height: 740, stories: 'viewed', language: 'en' },
    { width: 390, height: 844, stories: 'unviewed', language: 'en' },
    { width: 390, height: 844, stories: 'viewed', language: 'ru' },
  ] as const)(
    'no screen scrolls sideways at $width px with stories $stories, in $language',
    async ({ width, height, stories, language }) => {
      expect(storyIds.length).toBeGreaterThan(0)
      const session = await openTable('T10')
      const placed = await placeTableOrder(session, [borscht, kvass])
      // The payment screens as a diner lands on them from the bank: one paid, one declined.
      const paid = await placeTableOrder(session, [kvass], 'card')
      const declined = await placeTableOrder(session, [kvass], 'card')
      const returns = {
        success: `order/${paid.id}/success?payment=${await payOrderByCard(paid, SANDBOX_TEST_CARDS.succeeds)}`,
        fail: `order/${declined.id}/fail?payment=${await payOrderByCard(declined, SANDBOX_TEST_CARDS.declined)}`,
      }
      const { page } = await browser.phone()
      await page.setViewportSize({ width, height })
      await seatAtTable(page, session, [placed])
      await page.evaluate(
        ([keys, viewed, chosen, cart]) => {
          localStorage.setItem(keys[0], viewed)
          localStorage.setItem('tableside.language', chosen)
          localStorage.setItem(keys[1], cart)
        },
        [
          [storageKey('stories-viewed'), storageKey('cart')],
          JSON.stringify(stories === 'viewed' ? storyIds : []),
          language,
          JSON.stringify({ lines: [borscht, kvass] }),
        ] as const,
      )
      const paths = [
        '/',
        ...restaurantRoutes
          .filter((route) => !route.startsWith('init'))
          .map((route) =>
            route === 'order/42/success'
              ? returns.success
              : route === 'order/42/fail'
                ? returns.fail
                : route === 'dishes/1'
                  ? 'dishes/borscht'
                  : route.replace('order/42', `order/${placed.id}`),
          )
          .map((route) => `/rest/${restaurantId()}/${route}`),
      ]
      const overflowing: string[] = []
      for (const path of paths) {
        await openScreen(page, `${baseUrl()}${path}`)
        await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
        expect(await page.locator('html').getAttribute('lang')).toBe(language)
        const found = await horizontalOverflow(page)
        if (found.length > 0) overflowing.push(`${path}: ${found.join(', ')}`)
        const screen =
          path
            .replace(/\?.*$/, '')
            .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, 'id')
            .replace(/[^a-z0-9]+/gi, '_') || 'index'
        await page.screenshot({
          path: screenshotPath(`walk-${language}-${String(width)}${screen}`),
          fullPage: true,
        })
      }
      expect(overflowing).toEqual([])
    },
  )
})
