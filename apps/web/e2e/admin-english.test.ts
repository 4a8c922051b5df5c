import { randomUUID } from 'node:crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminFloor, type AdminFloor } from '@tableside/contracts/admin-tables'
import { kitchenLogin } from '@tableside/contracts/staff'
import { order } from '@tableside/contracts/orders'
import { tableSession } from '@tableside/contracts/table-sessions'
import { actAsManager, ownServerWithManager } from './admin-service'
import { apiPost, apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The back office and the kitchen in English (issue 30, decision 0135): a manager switches the
 * language once on this device and every screen speaks it; only the restaurant's own words (its
 * menu, tables, people) stay as the restaurant wrote them. A server of its own: the story places
 * an order and changes the language kept on the device.
 */
const HOST = 'tableside.test'
const CYRILLIC = /[\u0400-\u04ff]/
/**
 * Russian law's own names, which an English screen keeps beside its English words because the
 * registration papers use them: the tax systems, and a legal name's example as registered.
 */
const LAW_WORDS = [
  '(ОСН)',
  '(УСН доход)',
  '(УСН доход − расход)',
  '(ЕСХН)',
  '(ПСН)',
  'ООО «Ёлка», ИП Иванова М. П.',
]

/** Every string with a Cyrillic letter in what the API holds: the restaurant's own words. */
function restaurantWords(data: unknown, into: Set<string>): Set<string> {
  if (typeof data === 'string') {
    if (CYRILLIC.test(data)) into.add(plain(data))
  } else if (Array.isArray(data)) {
    for (const each of data) restaurantWords(each, into)
  } else if (data && typeof data === 'object') {
    for (const each of Object.values(data)) restaurantWords(each, into)
  }
  return into
}

/**
 * The page's texts outside what is marked Russian (and the names, labels and titles people and screen readers meet) that still
 * have Cyrillic once the restaurant's own words are taken out: the screen's chrome left in Russian.
 */
async function russianChrome(page: Page, words: ReadonlySet<string>): Promise<string[]> {
  const own = [...words, ...LAW_WORDS].sort((a, b) => b.length - a.length)
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      // A language's own name in a switch is marked as that language; <noscript> is never shown.
      if (!parent || parent.closest('noscript, [lang="ru"]')) continue
      if (node.textContent) found.push(node.textContent)
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)
        if (value) found.push(value)
      }
    }
    found.push(document.title)
    return found
  })
  return texts
    .map(plain)
    .filter((text) => CYRILLIC.test(text))
    .filter((text) => CYRILLIC.test(own.reduce((left, word) => left.split(word).join(' '), text)))
}

describe('The back office in English', () => {
  const browser = useBrowser({ hosts: [HOST] })
  const ownServer = ownServerWithManager(HOST)

  it('The back office in English', async () => {
    const server = ownServer.url
    const manager = { 'x-manager-token': ownServer.token }

    // A table's order, accepted, so the live view, the orders and the kitchen have something.
    const floor = await apiRequest('GET', '/admin/tables', { server, headers: manager })
    expect(floor.status).toBe(200)
    const session = tableSession.parse(
      await apiPost(
        '/restaurants/demo/table-sessions',
        { tableToken: tableTokenOf(adminFloor.parse(floor.data), 'T2') },
        { server },
      ),
    )
    const placed = order.parse(
      await apiPost(
        '/restaurants/demo/orders',
        {
          type: 'dine_in',
          paymentMethod: 'cash',
          tableSessionId: session.id,
          lines: [
            { dishId: 'borscht', quantity: 1, optionIds: [] },
            { dishId: 'lemonade-tarragon', quantity: 1, optionIds: [] },
          ],
        },
        { server, headers: { 'idempotency-key': randomUUID() } },
      ),
    )
    const anna = (await apiPost(
      '/auth/garcon/login',
      { restaurantId: 'demo', login: 'anna', pin: '1111' },
      { server },
    )) as { token: string }
    await apiPost(
      `/garcon/orders/${placed.id}/status`,
      { status: 'accepted' },
      { server, headers: { 'x-garcon-token': anna.token } },
    )

    // The restaurant's own words, as its API gives them to the back office and the kitchen.
    const words = new Set<string>()
    for (const path of [
      '/restaurants/demo',
      '/admin/menu',
      '/admin/tables',
      '/admin/waiters',
      '/admin/staff',
      '/admin/stations',
      '/admin/settings',
      '/admin/profile',
      '/admin/live',
    ]) {
      const answer = await apiRequest('GET', path, { server, headers: manager })
      expect(answer.status, path).toBe(200)
      restaurantWords(answer.data, words)
    }
    expect(words.size).toBeGreaterThan(10)

    const { page, context, problems } = await browser.phone()
    await page.setViewportSize({ width: 1440, height: 900 })
    await actAsManager(context, ownServer.site, ownServer.token)
    await page.goto(`${ownServer.site}/rest/demo/admin`, { waitUntil: 'networkidle' })
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor()

    // One switch in the header, and the whole office answers in English.
    await page
      .getByRole('group', { name: 'Язык' })
      .getByRole('button', { name: /English/ })
      .click()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(await page.locator('html').getAttribute('lang')).toBe('en')

    const sections: readonly [string, string][] = [
      ['Now', 'admin-en-live'],
      ['Menu', 'admin-en-menu'],
      ['Kitchen stations', 'admin-en-stations'],
      ['Tables and QR', 'admin-en-tables'],
      ['Staff', 'admin-en-staff'],
      ['Settings', 'admin-en-settings'],
      ['Reports', 'admin-en-reports'],
      ['Audit log', 'admin-en-audit'],
    ]
    let heading = ''
    for (const [section, shot] of sections) {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: section })
        .click()
      // The section's own screen, loaded: its heading is not the last one's, and nothing loads.
      await expect.poll(() => page.locator('#main h1').first().innerText()).not.toBe(heading)
      heading = await page.locator('#main h1').first().innerText()
      await expect.poll(() => page.locator('#main').innerText()).not.toMatch(/Loading/)
      await page.waitForLoadState('networkidle')
      expect(await russianChrome(page, words), section).toEqual([])
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ] as const) {
        await page.setViewportSize({ width, height })
        await keepScreenshot(page, `${shot}-${String(width)}`)
      }
      await expectNoSeriousViolations(page)
      await page.setViewportSize({ width: 1440, height: 900 })
    }

    // The menu's dishes stay as the restaurant wrote them, in an English frame.
    await page.getByRole('link', { name: 'Menu' }).click()
    await page
      .getByRole('button', { name: /^Супы|^Soups/ })
      .first()
      .click()
    await page
      .getByRole('button', { name: /^(Борщ|Borscht)/ })
      .first()
      .click()
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor()
    expect(await russianChrome(page, words), 'dish form').toEqual([])
    await keepScreenshot(page, 'admin-en-dish-1440')
    await expectNoSeriousViolations(page)

    // The order's panel in the live view, with its money and history in English.
    await page.getByRole('link', { name: 'Now' }).click()
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: `Order ${String(placed.number)}` }).click()
    await page.getByRole('dialog').waitFor()
    expect(await russianChrome(page, words), 'order panel').toEqual([])
    await keepScreenshot(page, 'admin-en-order-1440')
    await expectNoSeriousViolations(page)
    await page.keyboard.press('Escape')

    // The choice is this device's: a reload keeps it, and the header fits a phone.
    await page.reload({ waitUntil: 'networkidle' })
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await headerProblems(page), 'header at 390, English').toEqual([])
    await keepScreenshot(page, 'admin-en-live-390')
    await expectNoSeriousViolations(page)
    // In Russian too (its words are longer), and at the tablet's width; then back to English.
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: /Русский/ })
      .click()
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor()
    expect(await headerProblems(page), 'header at 390, Russian').toEqual([])
    await keepScreenshot(page, 'admin-ru-live-390')
    await page.setViewportSize({ width: 1024, height: 768 })
    expect(await headerProblems(page), 'header at 1024, Russian').toEqual([])
    await page
      .getByRole('group', { name: 'Язык' })
      .getByRole('button', { name: /English/ })
      .click()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(await headerProblems(page), 'header at 1024, English').toEqual([])

    // The kitchen's sign-in on the same device reads English, its switch at hand.
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.goto(`${ownServer.site}/rest/demo/kitchen`, { waitUntil: 'networkidle' })
    await page.getByRole('heading', { name: 'Kitchen display' }).waitFor()
    expect(await russianChrome(page, words), 'kitchen sign-in').toEqual([])
    await keepScreenshot(page, 'kitchen-en-sign-in-1024')
    await expectNoSeriousViolations(page)

    // Signed in, the kitchen display: English too, with its own switch.
    const signedIn = kitchenLogin.response.parse(
      await apiPost(
        '/auth/kitchen/login',
        { restaurantId: 'demo', login: 'kitchen', pin: '3333' },
        { server },
      ),
    )
    await context.addCookies([
      { name: 'kitchen_token', value: signedIn.token, url: ownServer.site },
    ])
    await page.goto(`${ownServer.site}/rest/demo/kitchen`, { waitUntil: 'networkidle' })
    await expect
      .poll(() => page.locator(`.kitchen-ticket[data-order="${String(placed.number)}"]`).count())
      .toBeGreaterThan(0)
    const kitchenWords = restaurantWords(
      (
        await apiRequest('GET', '/kitchen/tickets', {
          server,
          headers: { 'x-kitchen-token': signedIn.token },
        })
      ).data,
      new Set(words),
    )
    expect(await russianChrome(page, kitchenWords), 'kitchen').toEqual([])
    for (const [width, height] of [
      [1440, 900],
      [1024, 768],
    ] as const) {
      await page.setViewportSize({ width, height })
      // Every station's tab in view beside the language switch, none cut by the bar's edge.
      expect(await hiddenTabs(page), `station tabs at ${String(width)}`).toEqual([])
      await keepScreenshot(page, `kitchen-en-${String(width)}`)
    }
    await expectNoSeriousViolations(page)

    // And back to Russian from the kitchen's own switch.
    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: /Русский/ })
      .click()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ru')
    await page.getByRole('button', { name: 'Выйти' }).waitFor()
    expect(problems).toEqual([])
  })
})

/**
 * What is wrong with the back office's header as drawn: a word cut short ("М…"), a button's
 * words on two lines, or a bar wider than the screen. Empty when the header fits.
 */
async function headerProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const lines = (element: Element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size
    }
    for (const [name, selector] of [
      ['restaurant', '.admin__place'],
      ['manager', '.admin__name'],
      ['sign out', '.admin__sign-out'],
    ] as const) {
      const element = document.querySelector(selector)
      if (!element) problems.push(`${name}: missing`)
      else if (element.scrollWidth > element.clientWidth) problems.push(`${name}: cut short`)
      else if (lines(element) > 1) problems.push(`${name}: on ${String(lines(element))} lines`)
    }
    const bar = document.querySelector('.admin__bar')
    if (bar && bar.getBoundingClientRect().right > document.documentElement.clientWidth)
      problems.push('bar: wider than the screen')
    return problems
  })
}

/** The kitchen's station tabs not wholly in view inside their row. */
async function hiddenTabs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const row = document.querySelector('.kitchen-tabs')?.getBoundingClientRect()
    if (!row) return ['no station tabs']
    return Array.from(document.querySelectorAll('.kitchen-tabs__tab'))
      .filter((tab) => {
        const rect = tab.getBoundingClientRect()
        return rect.left < row.left - 0.5 || rect.right > row.right + 0.5
      })
      .map((tab) => tab.textContent)
  })
}

/** The QR token of the table with `code`, from the link the back office prints on its card. */
function tableTokenOf(floor: AdminFloor, code: string): string {
  const table = floor.tables.find((each) => each.code === code)
  const token = table && new URL(table.qrLink).searchParams.get('table')
  if (!token) throw new Error(`no table ${code} with a QR link`)
  return token
}
