import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, storageKey, useBrowser } from './fixtures'
import { plain } from './table-service'
import { openScreen, reloadScreen } from './open-screen'

/**
 * Favourites on the device (issue 16, decision 0052), as a diner's phone reaches the
 * restaurant: by a name that is not localhost, over plain http.
 */
const HOST = 'tableside.test'
const onWifi = () => baseUrl().replace('127.0.0.1', HOST)
const MAIN = { include: '#main' }
const BORSCHT = 'Борщ с говядиной и пампушками'
const HERRING = 'Сельдь с картофелем и луком'
const SHCHI = 'Кислые щи'
const FAVOURITES_KEY = storageKey('favourites')

const heart = (page: Page, name: string) =>
  page.getByRole('button', { name: `Избранное: ${name}`, exact: true }).first()
const pressed = (page: Page, name: string) => heart(page, name).getAttribute('aria-pressed')
const said = async (page: Page) =>
  plain((await page.getByRole('status').allTextContents()).join(' '))
const favourites = (page: Page) =>
  page.getByRole('list', { name: 'Ваши любимые блюда' }).getByRole('listitem')
const favouriteNames = (page: Page) => favourites(page).getByRole('heading').allTextContents()

async function openMenu(page: Page): Promise<void> {
  await openScreen(page, `${onWifi()}/rest/${restaurantId()}/menu`)
  // The hearts become buttons just after the menu is drawn (their code is not first-load).
  await expect.poll(() => heart(page, BORSCHT).count()).toBe(1)
}

describe('A diner keeps favourite dishes on the phone', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A diner hearts two dishes, finds them on Favourites after a reload, adds one to the cart from there, and removes the other', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    expect(await pressed(page, BORSCHT)).toBe('false')

    // On the card: the heart says what happened, and tapping it does not open the dish.
    await heart(page, BORSCHT).click()
    await expect.poll(() => pressed(page, BORSCHT)).toBe('true')
    await expect.poll(() => said(page)).toContain(`«${BORSCHT}» — в избранном`)
    expect(new URL(page.url()).searchParams.get('dish')).toBeNull()
    const box = await heart(page, BORSCHT).boundingBox()
    expect(box?.width).toBeGreaterThanOrEqual(44)
    expect(box?.height).toBeGreaterThanOrEqual(44)

    // In the dish window, beside the name.
    await page.getByRole('link', { name: HERRING }).first().click()
    const window = page.getByRole('dialog', { name: HERRING })
    await expect.poll(() => window.isVisible()).toBe(true)
    const windowHeart = window.getByRole('button', { name: `Избранное: ${HERRING}` })
    expect(await windowHeart.getAttribute('aria-pressed')).toBe('false')
    await windowHeart.click()
    await expect.poll(() => windowHeart.getAttribute('aria-pressed')).toBe('true')
    expect(plain(await window.getByRole('status').first().textContent())).toBe(
      `«${HERRING}» — в избранном`,
    )
    await keepScreenshot(page, 'favourites-dish-window')
    await expectNoSeriousViolations(page, { include: 'dialog' })
    await page.keyboard.press('Escape')
    await expect.poll(() => window.count()).toBe(0)
    // The card behind the window agrees.
    expect(await pressed(page, HERRING)).toBe('true')
    await keepScreenshot(page, 'favourites-menu-hearts')

    // After a reload the hearts are still pressed, and Favourites lists both, newest first.
    await reloadScreen(page)
    await expect.poll(() => pressed(page, HERRING)).toBe('true')
    expect(await pressed(page, BORSCHT)).toBe('true')
    // The dish page has the heart beside the name too.
    await openScreen(page, `${onWifi()}/rest/${restaurantId()}/dishes/borscht`)
    await expect.poll(() => pressed(page, BORSCHT)).toBe('true')
    await openScreen(page, `${onWifi()}/rest/${restaurantId()}/favorites`)
    expect(plain(await page.getByRole('heading', { level: 1 }).textContent())).toBe('Избранное')
    await expect.poll(() => favouriteNames(page)).toEqual([HERRING, BORSCHT])
    const borschtRow = favourites(page).filter({ hasText: BORSCHT })
    expect(plain(await borschtRow.textContent())).toMatch(/\d+ ₽/)
    expect(await borschtRow.getByRole('img').count()).toBe(0) // the photo is decoration: alt ""
    expect(await borschtRow.locator('img').count()).toBe(1)
    await keepScreenshot(page, 'favourites-list')
    await expectNoSeriousViolations(page, MAIN)

    // Quick add from the list: one portion, said aloud, and the way to the cart.
    await page.getByRole('button', { name: `В корзину: ${BORSCHT}` }).click()
    await expect.poll(() => said(page)).toContain(`${BORSCHT}: добавлено в корзину`)
    await expect.poll(() => page.getByRole('link', { name: 'Открыть корзину · 1' }).count()).toBe(1)
    const cart = await page.evaluate((key) => localStorage.getItem(key), storageKey('cart'))
    expect(JSON.parse(cart ?? '{}')).toMatchObject({
      lines: [{ dishId: 'borscht', quantity: 1 }],
    })

    // The herring's heart takes it off the list; the keyboard stays in the list.
    await heart(page, HERRING).click()
    await expect.poll(() => favouriteNames(page)).toEqual([BORSCHT])
    await expect.poll(() => said(page)).toContain(`«${HERRING}» убрали из избранного`)
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).toBe('Ваши любимые блюда')

    // And the menu agrees.
    await openScreen(page, `${onWifi()}/rest/${restaurantId()}/menu`)
    await expect.poll(() => pressed(page, HERRING)).toBe('false')
    expect(await pressed(page, BORSCHT)).toBe('true')
    expect(problems).toEqual([])
  })

  it('A sold-out dish is marked, one gone from the menu can be removed, and the empty screen leads to the menu', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${onWifi()}/rest/${restaurantId()}/favorites`)
    // Saved earlier: a dish on today's stop-list, and one the restaurant has since taken off.
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      FAVOURITES_KEY,
      JSON.stringify([
        { dishId: 'shchi', addedAt: 3, name: SHCHI },
        { dishId: 'old-okroshka', addedAt: 2, name: 'Окрошка на квасе' },
        { dishId: 'herring-potatoes', addedAt: 1, name: HERRING },
        { dishId: 'not an id', addedAt: 1, name: 'мусор' },
      ]),
    ] as const)
    await reloadScreen(page)
    await expect.poll(() => favouriteNames(page)).toEqual([SHCHI, 'Окрошка на квасе', HERRING])

    const shchi = favourites(page).filter({ hasText: SHCHI })
    expect(plain(await shchi.textContent())).toContain('Нет в наличии')
    expect(await shchi.getByRole('button', { name: `В корзину: ${SHCHI}` }).count()).toBe(0)
    const gone = favourites(page).filter({ hasText: 'Окрошка на квасе' })
    expect(plain(await gone.textContent())).toContain('Этого блюда больше нет в меню')
    expect(await gone.getByRole('link').count()).toBe(0)
    await keepScreenshot(page, 'favourites-sold-out-and-gone')
    await expectNoSeriousViolations(page, MAIN)

    await page.getByRole('button', { name: 'Убрать «Окрошка на квасе» из избранного' }).click()
    await heart(page, SHCHI).click()
    await heart(page, HERRING).click()
    await expect.poll(() => favourites(page).count()).toBe(0)
    expect(await page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY)).toBeNull()

    const empty = page.getByRole('region', { name: 'Здесь будут ваши любимые блюда' })
    expect(plain(await empty.textContent())).toContain('Нажмите на сердечко у блюда в меню')
    await keepScreenshot(page, 'favourites-empty')
    await expectNoSeriousViolations(page, MAIN)
    await empty.getByRole('link', { name: 'Открыть меню' }).click()
    await page.waitForURL(`${onWifi()}/rest/${restaurantId()}/menu`)
    expect(problems).toEqual([])
  })
})
