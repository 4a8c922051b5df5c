import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

/**
 * What a diner sees of the menu's first screen, box by box: where each part is, how big, and
 * what it says. The server draws it with the app's components (decision 0025); this is the
 * check that the two stay the same, so the app's takeover cannot move or change anything.
 */
function firstScreen(page: Page, root: '#first-screen' | '#root') {
  return page.evaluate((root) => {
    const parts = [
      '.app-header',
      '.stories-row',
      '.menu-search',
      '.menu-switch',
      '.category-tabs',
      '.menu-group h2',
      '.dish-card',
      '.dish-card__name',
      '.dish-card__price',
      '.dish-card__media img',
      '.dish-card__add',
      '.dish-card__sold-out',
      '.tab-bar',
    ]
    return parts.flatMap((part) =>
      Array.from(document.querySelectorAll(`${root} ${part}`))
        .filter((element) => element.getBoundingClientRect().top < innerHeight * 1.5)
        .map((element) => {
          const { x, y, width, height } = element.getBoundingClientRect()
          const text = part === '.stories-row' ? '' : element.textContent.slice(0, 60)
          return `${part} ${x},${y} ${width}×${height} ${text}`
        }),
    )
  }, root)
}

describe("The menu's first screen, drawn by the server before the app has loaded", () => {
  const browser = useBrowser()

  it('looks box for box like the app once the app takes over, and needs no script to show', async () => {
    const drawn = await browser.phone({ javaScriptEnabled: false })
    // No script runs: the server's drawing is all there is once the page has loaded.
    await drawn.page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`, { waitUntil: 'load' })
    const drawing = await firstScreen(drawn.page, '#first-screen')
    await keepScreenshot(drawn.page, 'menu-drawn-by-the-server')
    expect(drawing.filter((box) => box.startsWith('.dish-card '))).not.toHaveLength(0)
    expect(drawing.some((box) => box.startsWith('.tab-bar '))).toBe(true)

    const app = await browser.phone()
    await openScreen(app.page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await app.page.waitForSelector('#first-screen', { state: 'detached' })
    // The stories row keeps its place while its code loads; its circles come after.
    await app.page.waitForSelector('#root .story-circle')
    await keepScreenshot(app.page, 'menu-after-the-app-took-over')
    expect(await firstScreen(app.page, '#root')).toEqual(drawing)
    expect(app.problems).toEqual([])
  })

  it("answers a tap on the drawing's + at once, and the app takes the dish over into the cart", async () => {
    const { page, problems } = await browser.phone()
    // The app's script is held back: what answers now is the page's small starter alone.
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/assets/index-*.js', async (route) => {
      await released
      await route.continue()
    })
    await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`, { waitUntil: 'domcontentloaded' })
    const drawnCard = page
      .locator('#first-screen .dish-card')
      .filter({ has: page.locator('.dish-card__add[data-quick-add]') })
      .first()
    const drawnAdd = drawnCard.locator('.dish-card__add')
    const name = await drawnAdd.getAttribute('aria-label')
    expect(name).toMatch(/^Добавить: /)
    await drawnAdd.click()
    await drawnAdd.click()
    expect(await drawnCard.locator('.dish-card__count').textContent()).toBe('в корзине: 22')
    expect(await page.locator('#root main h1').count()).toBe(0)
    await keepScreenshot(page, 'menu-drawn-tap-answered')

    release()
    await page.waitForSelector('#first-screen', { state: 'detached' })
    const card = page.locator('#root .dish-card', {
      has: page.getByRole('button', { name: name ?? '', exact: true }),
    })
    expect(await card.locator('.dish-card__count').textContent()).toBe('в корзине: 22')
    expect(await page.locator('.cart-bar__count').textContent()).toBe('2')
    expect(await page.getByRole('status').filter({ hasText: 'добавлено в корзину' }).count()).toBe(
      1,
    )
    expect(problems).toEqual([])
  })

  it('is drawn in the language the diner chose, and the page says which', async () => {
    const { page, context } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/menu`)
    await page.getByRole('button', { name: /^EN/ }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Starters' }).count())
      .toBe(1)

    const drawn = await context.newPage()
    await drawn.route('**/assets/first-screen-start-*.js', (route) => route.abort())
    // The page's starter is refused: the server's drawing stays, and is all there is at `load`.
    await drawn.goto(`${baseUrl()}/rest/${restaurantId()}/menu`, { waitUntil: 'load' })
    expect(await drawn.getAttribute('html', 'lang')).toBe('en')
    expect(await drawn.locator('#first-screen h2').first().textContent()).toBe('Starters')
    expect(
      await drawn.locator('#first-screen .menu-search__input').getAttribute('placeholder'),
    ).toBe('Search the menu')
  })
})
