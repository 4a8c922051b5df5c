import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../../../scripts/lib/build.mjs'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { borscht, herring, kvass, placeAtOwnDemoTable, plain, rub } from './table-service'

const HOST = 'tableside.test'
type ServerProcess = Awaited<ReturnType<typeof startServer>>
const BORSCHT = 'Борщ с говядиной и пампушками'

/**
 * The menu command line on a stopped server's data, as a restaurant changes its menu
 * (`npm run menu:export`, `menu:import`, `menu:stop-list`).
 */
function menuCommand(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, [join(root, 'apps/server/dist/menu-cli.js'), ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  })
}

/** The exported menu file with one dish at another price. */
function withPrice(json: string, dishId: string, price: number): unknown {
  return JSON.parse(json, (_key, value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    value.id === dishId &&
    'price' in value
      ? { ...value, price }
      : value,
  )
}

describe('A diner orders again what they ordered before', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Order again warns that a dish is sold out', async () => {
    // A server of its own: its menu changes under the past orders, and the suite's shared
    // demo menu stays as the other stories need it. The menu command line works on a
    // stopped server's embedded database, as a restaurant without PostgreSQL changes its menu.
    const first = await startServer({ publicHost: HOST })
    const { dataDir } = first
    let second: ServerProcess | undefined
    try {
      const both = await placeAtOwnDemoTable(first, 'T3', [borscht, kvass])
      const same = await placeAtOwnDemoTable(first, 'T3', [herring])
      expect(await first.stop('SIGTERM')).toBe(0)

      const file = join(dataDir, 'menu-export.json')
      menuCommand(dataDir, 'export', '--out', file)
      writeFileSync(file, JSON.stringify(withPrice(readFileSync(file, 'utf8'), 'borscht', 56000)))
      expect(menuCommand(dataDir, 'import', file)).toContain('Imported')
      expect(menuCommand(dataDir, 'stop-list', '--off', 'kvass')).toContain('kvass')

      second = await startServer({ dataDir, publicHost: HOST })
      const site = `http://${HOST}:${String(second.port)}`
      const { page, problems } = await browser.phone()

      // Nothing changed in this one: the cart fills at once, and says so.
      await page.goto(`${site}/rest/demo/order/${same.id}`, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Повторить заказ' }).click()
      await page.waitForURL(/\/rest\/demo\/cart$/)
      const said = page.locator('.cart__reordered')
      await expect
        .poll(async () => plain(await said.textContent()))
        .toBe(`Заказ № ${String(same.number)} в корзине. Всё как в прошлый раз, по тем же ценам.`)
      const cartLines = page.locator('.cart__lines')
      await expect
        .poll(async () => plain(await cartLines.textContent()))
        .toContain('Сельдь с картофелем и луком')

      // The borscht costs more today and the kvass is sold out: the sheet says both first.
      await page.goto(`${site}/rest/demo/order/${both.id}`, { waitUntil: 'networkidle' })
      const again = page.getByRole('button', { name: 'Повторить заказ' })
      await again.scrollIntoViewIfNeeded()
      await keepScreenshot(page, 'order-again-button')
      await again.click()
      const sheet = page.getByRole('dialog', {
        name: `С заказа № ${String(both.number)} меню изменилось`,
      })
      await expect.poll(() => sheet.isVisible()).toBe(true)
      const dropped = sheet.getByRole('region', { name: 'Не добавим' })
      expect(plain(await dropped.textContent())).toContain('Квас домашний: сейчас нет в наличии')
      const changed = sheet.getByRole('region', { name: 'Добавим, как сегодня в меню' })
      expect(plain(await changed.textContent())).toContain(
        `${BORSCHT}: было ${rub(52000)}, теперь ${rub(56000)}`,
      )
      // What goes to the cart is priced as today: the borscht with its salo.
      const borschtNow = 56000 + (both.lines[0]?.modifiers[0]?.priceDelta ?? 0)
      expect(plain(await sheet.locator('.reorder-sheet__totals').textContent())).toContain(
        rub(borschtNow),
      )
      // The cart already holds the herring: the order's dishes are added to it.
      expect(plain(await sheet.textContent())).toContain(
        'Блюда добавятся к тому, что уже есть в корзине.',
      )
      await keepScreenshot(page, 'order-again-sheet')
      await expectNoSeriousViolations(page)

      await sheet.getByRole('button', { name: 'Добавить в корзину' }).click()
      await page.waitForURL(/\/rest\/demo\/cart$/)
      await expect
        .poll(async () => plain(await said.textContent()))
        .toBe(
          `Блюда заказа № ${String(both.number)} добавлены к тому, что уже было в корзине. По сегодняшним ценам.`,
        )
      await expect.poll(async () => plain(await cartLines.textContent())).toContain(BORSCHT)
      const cart = plain(await cartLines.textContent())
      expect(cart).toContain('Без лука')
      expect(cart).toContain('Сельдь с картофелем и луком')
      expect(cart).not.toContain('Квас')
      // Priced by the cart's own quote: the way on is open once it is in.
      const onward = page.getByRole('button', { name: 'Перейти к оформлению' })
      await expect.poll(() => onward.isEnabled()).toBe(true)
      // The pointer that tapped "Add to cart" rests elsewhere, and the button's fade has ended.
      await page.mouse.move(0, 0)
      await expect
        .poll(() => onward.evaluate((button) => getComputedStyle(button).backgroundColor))
        .toBe('rgb(168, 67, 31)')
      expect(plain(await page.locator('.cart-summary').textContent())).toContain(
        rub(49000 + borschtNow),
      )
      await keepScreenshot(page, 'order-again-cart')
      await expectNoSeriousViolations(page, { include: '#main' })
      expect(problems).toEqual([])
    } finally {
      if (first.child.exitCode === null) first.child.kill('SIGKILL')
      if (second) await second.stop('SIGTERM')
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 90_000)
})
