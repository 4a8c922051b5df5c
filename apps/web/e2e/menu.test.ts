import Pusher from 'pusher'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

const STEAK = 'Стейк рибай'
const WINE = 'Саперави, Крым'
const BORSCHT = 'Борщ с говядиной и пампушками'
const SHCHI = 'Кислые щи'

/** Intl puts no-break spaces into prices ("2 490 ₽"); compare them as a diner reads them. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim()

async function openMenu(page: Page, path = `/rest/${restaurantId()}/menu`): Promise<void> {
  await openScreen(page, `${baseUrl()}${path}`)
  await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Закуски' }).count()).toBe(1)
}

/** The dish link on a card (its name, "18+" after it); the whole card is the link's target. */
const card = (page: Page, name: string) => page.getByRole('link', { name })
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name })
/** The bar over the tab bar with the number of portions in the cart. */
const cartCount = (page: Page) => page.locator('.cart-bar__link .cart-bar__count')
const dishParam = (page: Page) => new URL(page.url()).searchParams.get('dish')

/** Where the page rests once a smooth scroll has finished. */
async function restingScroll(page: Page): Promise<number> {
  const still = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const before = scrollY
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(scrollY === before)))
        }),
    )
  await expect.poll(still).toBe(true)
  return page.evaluate(() => scrollY)
}

describe('A diner chooses from the menu', () => {
  const browser = useBrowser()

  it('Diner browses the menu and adds a dish with options to the cart', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    expect(
      await page.getByRole('button', { name: /Основное меню/ }).getAttribute('aria-pressed'),
    ).toBe('true')
    await keepScreenshot(page, 'menu-top')
    await expectNoSeriousViolations(page)

    // A category tab scrolls to its section, which the tab row then marks as current.
    const categories = page.getByRole('navigation', { name: 'Разделы меню' })
    await categories.getByRole('link', { name: 'Горячее' }).click()
    await expect
      .poll(() => categories.getByRole('link', { name: 'Горячее' }).getAttribute('aria-current'))
      .toBe('true')
    await expect
      .poll(async () => (await page.getByRole('heading', { name: 'Горячее' }).boundingBox())?.y)
      .toBeLessThan(200)
    // Nested categories are sub-headings of their section.
    expect(await page.getByRole('heading', { level: 3, name: 'Мясо и птица' }).count()).toBe(1)
    await keepScreenshot(page, 'menu-scrolled')

    await card(page, STEAK).scrollIntoViewIfNeeded()
    const scrolled = await restingScroll(page)
    await card(page, STEAK).click()
    const steak = dialog(page, STEAK)
    await expect.poll(() => steak.isVisible()).toBe(true)
    expect(dishParam(page)).toBe('steak-ribeye')

    // Doneness is required: the button says what is missing until it is chosen.
    const add = steak.getByRole('button', { name: /^Добавить/ })
    expect(await add.isDisabled()).toBe(true)
    expect(await steak.getByText('Выберите: Прожарка').count()).toBe(1)
    await steak.getByRole('radio', { name: 'Средняя (medium)' }).check()
    expect(await add.isEnabled()).toBe(true)
    expect(plain(await add.textContent())).toBe('Добавить · 2 490 ₽')
    await steak.getByRole('checkbox', { name: /Печёный картофель/ }).check()
    await steak.getByRole('button', { name: 'Больше' }).click()
    await steak.getByRole('textbox', { name: 'Комментарий для кухни' }).fill('Соус отдельно')
    expect(plain(await add.textContent())).toBe('Добавить · 5 480 ₽')
    await keepScreenshot(page, 'dish-window')
    await expectNoSeriousViolations(page, { include: 'dialog' })

    await add.click()
    await expect.poll(() => steak.count()).toBe(0)
    await expect.poll(() => dishParam(page)).toBeNull()
    expect(await page.evaluate(() => scrollY)).toBe(scrolled)
    await expect.poll(() => cartCount(page).textContent()).toBe('2')
    expect(await page.getByText('в корзине: 2').count()).toBe(1)
    await keepScreenshot(page, 'menu-after-adding')
    expect(problems).toEqual([])
  })

  it('The category row follows the scroll after a dish window closes', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    const categories = page.getByRole('navigation', { name: 'Разделы меню' })
    const current = async () => plain(await categories.locator('[aria-current]').textContent())
    await categories.getByRole('link', { name: 'Горячее' }).click()
    await restingScroll(page)
    await card(page, STEAK).click()
    const steak = dialog(page, STEAK)
    await expect.poll(() => steak.isVisible()).toBe(true)
    await page.goBack()
    await expect.poll(() => steak.count()).toBe(0)

    // The diner swipes on through the menu: every section that comes under the row lights
    // its tab (issue 14: the row stayed on the dish's section).
    const names = (await categories.getByRole('link').allTextContents()).map(plain)
    const seen = new Set([await current()])
    for (let step = 0; step < 40 && seen.size < names.length; step += 1) {
      await page.mouse.move(195, 500)
      await page.mouse.wheel(0, 300)
      await restingScroll(page)
      seen.add(await current())
      // The lit tab is in sight in the row, not scrolled away past its edge.
      await expect
        .poll(() =>
          categories.evaluate((nav) => {
            const tab = nav.querySelector('[aria-current]')?.getBoundingClientRect()
            const row = nav.getBoundingClientRect()
            return tab !== undefined && tab.left >= row.left - 1 && tab.right <= row.right + 1
          }),
        )
        .toBe(true)
    }
    expect(await current()).not.toBe(names[0])
    expect([...seen].length).toBeGreaterThan(2)
    expect(seen.has(names.at(-1) ?? '')).toBe(true)
    expect(problems).toEqual([])
  })

  it('Back closes the dish window and the menu stays where it was', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    await card(page, BORSCHT).scrollIntoViewIfNeeded()
    const scrolled = await restingScroll(page)
    expect(scrolled).toBeGreaterThan(500)
    await card(page, BORSCHT).click()
    await expect.poll(() => dialog(page, BORSCHT).isVisible()).toBe(true)
    await page.goBack()
    await expect.poll(() => dialog(page, BORSCHT).count()).toBe(0)
    expect(await page.evaluate(() => scrollY)).toBe(scrolled)

    // Escape closes it too, and focus returns to the dish it was opened from.
    await card(page, BORSCHT).click()
    await expect.poll(() => dialog(page, BORSCHT).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page, BORSCHT).count()).toBe(0)
    await expect.poll(() => dishParam(page)).toBeNull()
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(BORSCHT)
  })

  it('Diner confirms age before a glass of wine', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    await page.getByRole('button', { name: /^Бар/ }).click()
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Вино' }).count()).toBe(1)

    const gate = dialog(page, 'Вам уже есть 18 лет?')
    await card(page, WINE).click()
    await expect.poll(() => gate.isVisible()).toBe(true)
    await keepScreenshot(page, 'age-window')
    await expectNoSeriousViolations(page, { include: 'dialog' })
    await gate.getByRole('button', { name: 'Нет, вернуться в меню' }).click()
    await expect.poll(() => gate.count()).toBe(0)
    await expect.poll(() => dishParam(page)).toBeNull()
    expect(await dialog(page, WINE).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)

    // Adding from the card asks too.
    await page.getByRole('button', { name: `Добавить: ${WINE}` }).click()
    await expect.poll(() => gate.isVisible()).toBe(true)
    await gate.getByRole('button', { name: 'Да, мне есть 18' }).click()
    await expect.poll(() => dialog(page, WINE).isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page, WINE).count()).toBe(0)

    // Asked once: now the wine opens at once and goes to the cart from its card.
    await card(page, WINE).click()
    await expect.poll(() => dialog(page, WINE).isVisible()).toBe(true)
    expect(await gate.count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog(page, WINE).count()).toBe(0)
    await page.getByRole('button', { name: `Добавить: ${WINE}` }).click()
    await expect.poll(() => cartCount(page).textContent()).toBe('1')
    expect(await gate.count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('Dish page opened from a shared link', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/dishes/borscht`)
    await expect.poll(() => page.getByRole('heading', { level: 1, name: BORSCHT }).count()).toBe(1)
    expect(await page.locator('[data-layout="dish"]').count()).toBe(1)
    expect(plain(await page.locator('.dish-details__price').textContent())).toBe('520 ₽')
    expect(await page.getByRole('img', { name: /борщ/i }).count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: 'Поделиться' }).count()).toBe(1)
    await keepScreenshot(page, 'dish-page')
    await expectNoSeriousViolations(page)

    await page.getByRole('button', { name: 'Назад к меню' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Закуски' }).count())
      .toBe(1)
    expect(problems).toEqual([])
  })

  it('Diner adds a dish from its page and is back on the menu with it in the cart', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/dishes/borscht`)
    await page.getByRole('checkbox', { name: /Ещё пампушка/ }).check()
    const add = page.getByRole('button', { name: /^Добавить/ })
    expect(plain(await add.textContent())).toBe('Добавить · 580 ₽')
    await add.click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
    await expect.poll(() => cartCount(page).textContent()).toBe('1')
  })

  it('A shared link to an 18+ dish asks for age, and declining leads to the menu', async () => {
    const { page } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/dishes/wine-red-glass`)
    const gate = dialog(page, 'Вам уже есть 18 лет?')
    await expect.poll(() => gate.isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: /^Добавить/ }).count()).toBe(0)
    await gate.getByRole('button', { name: 'Нет, вернуться в меню' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
  })

  it('A link to a dish that is not on the menu says so and leads to the menu', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/rest/${restaurantId()}/dishes/no-such-dish`)
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Этого блюда нет в меню' }).count())
      .toBe(1)
    await page.getByRole('link', { name: 'Открыть меню' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rest/${restaurantId()}/menu`)
    expect(problems).toEqual([])
  })

  it('Search finds борщ typed as борш', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    const search = page.getByRole('searchbox', { name: 'Поиск по меню' })
    await search.fill('борш')
    await expect.poll(() => card(page, BORSCHT).count()).toBe(1)
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /^Нашлось/ })
        .count(),
    ).toBe(1)
    // The menu itself gives way to the results.
    expect(await page.getByRole('heading', { level: 2, name: 'Закуски' }).count()).toBe(0)
    await keepScreenshot(page, 'search-results')

    // English names are searched too, and nothing found is said plainly.
    await search.fill('ribeye')
    await expect.poll(() => card(page, STEAK).count()).toBe(1)
    await search.fill('ананас')
    await expect.poll(() => page.getByText('Ничего не нашлось').count()).toBe(1)
    await keepScreenshot(page, 'search-nothing')
    await page.getByRole('button', { name: 'Показать всё меню' }).click()
    expect(await search.inputValue()).toBe('')
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Закуски' }).count())
      .toBe(1)
    expect(problems).toEqual([])
  })

  it('Filters leave vegetarian dishes without milk', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    await page.getByRole('button', { name: 'Фильтры' }).click()
    await page.getByRole('checkbox', { name: 'Вегетарианское' }).check()
    await page
      .getByRole('group', { name: 'Исключить аллергены' })
      .getByRole('checkbox', { name: 'Молоко' })
      .check()
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^Нашлось/ })
          .count(),
      )
      .toBe(1)
    expect(await card(page, BORSCHT).count()).toBe(0)
    expect(await card(page, 'Медовик').count()).toBe(0)
    expect(await page.locator('.dish-card').count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'search-filters')
    await expectNoSeriousViolations(page)
  })

  it('A stop-listed dish shows as sold out and cannot be added', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    const shchi = page.locator('.dish-card', { has: card(page, SHCHI) })
    expect(await shchi.getByText('Нет в наличии').count()).toBe(1)
    expect(await page.getByRole('button', { name: `Добавить: ${SHCHI}` }).count()).toBe(0)

    await card(page, SHCHI).click()
    const window = dialog(page, SHCHI)
    await expect.poll(() => window.isVisible()).toBe(true)
    expect(await window.getByRole('button', { name: /^Добавить/ }).isDisabled()).toBe(true)
    expect(await window.getByText('Сейчас нет в наличии').count()).toBe(1)
  })

  it('A dish put on the stop-list while the diner looks cannot be added any more', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    const addBorscht = page.getByRole('button', { name: `Добавить: ${BORSCHT}` })
    expect(await addBorscht.count()).toBe(1)

    const { appId, key, secret } = inject('realtime')
    const { hostname, port } = new URL(baseUrl())
    const server = new Pusher({ appId, key, secret, host: hostname, port, useTLS: false })
    const stopList = (available: boolean) =>
      server.trigger(`restaurant.${restaurantId()}`, 'menu.updated', {
        restaurantId: restaurantId(),
        version: `e2e-${String(available)}`,
        availability: [{ dishId: 'borscht', available }],
      })
    // The subscription may still be on its way: publish until the page shows it.
    await expect
      .poll(
        async () => {
          await stopList(false)
          return addBorscht.count()
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe(0)
    const borscht = page.locator('.dish-card', { has: card(page, BORSCHT) })
    expect(await borscht.getByText('Нет в наличии').count()).toBe(1)

    await stopList(true)
    await expect.poll(() => addBorscht.count()).toBe(1)
  })

  it('Diner reads the menu in English', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    await page.getByRole('button', { name: 'English' }).click()
    await expect
      .poll(() => page.getByRole('heading', { level: 2, name: 'Starters' }).count())
      .toBe(1)
    expect(await page.getByRole('searchbox', { name: 'Search the menu' }).count()).toBe(1)
    expect(await page.getByRole('button', { name: /Main menu/ }).count()).toBe(1)
    await page.getByRole('searchbox', { name: 'Search the menu' }).fill('борщ')
    await expect.poll(() => card(page, 'Borscht with beef and pampushki').count()).toBe(1)
    await keepScreenshot(page, 'menu-english')
  })
})
