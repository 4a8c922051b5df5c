import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { actAsManager, signInDemoManager } from './admin-service'
import { expectNoSeriousViolations } from './axe'
import { pageHeading } from './client-service'
import { downloaded, keepScreenshot, useBrowser } from './fixtures'
import { readQrCodesInBrowser } from './pdf-qr-reader'
import { plain } from './table-service'

/**
 * The back office's tables and QR codes (issue 17, decisions 0066–0067): the manager adds a
 * table, prints the chosen tables' codes as a PDF, and a phone that scans a printed code sits
 * at that table. The code is read from the downloaded file itself, drawn by pdf.js in Chromium
 * and decoded by jsQR, as a camera would read the paper.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }
const DESKTOP = { width: 1440, height: 900 }

const alertText = async (page: Page) =>
  plain((await page.getByRole('alert').allTextContents()).join(' '))

describe('Manager prints QR codes', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('Manager prints QR codes and scanning one opens its table', async () => {
    const server = await startServer({ publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const token = await signInDemoManager(server.url)

      const { page, context, problems } = await browser.phone()
      await page.setViewportSize(DESKTOP)
      await actAsManager(context, site, token)
      await page.goto(`${site}/rest/demo/admin/tables`, { waitUntil: 'networkidle' })
      await expect.poll(() => pageHeading(page)).toBe('Столы и QR')
      const terrace = page.getByRole('region', { name: /^Терраса/ })
      await expect.poll(() => terrace.getByRole('row').count()).toBe(5)
      await keepScreenshot(page, 'admin-tables-1440')
      await expectNoSeriousViolations(page, SCREEN)

      // A new table on the terrace; a code another table has is refused with the field.
      await terrace.getByRole('button', { name: 'Добавить стол' }).click()
      const dialog = page.getByRole('dialog', { name: 'Новый стол' })
      await dialog.getByRole('textbox', { name: 'Код' }).fill('t9')
      await dialog.getByRole('textbox', { name: 'Название' }).fill('13')
      await dialog.getByRole('spinbutton', { name: 'Мест' }).fill('6')
      expect(await dialog.getByRole('combobox', { name: 'Зона' }).inputValue()).not.toBe('')
      await dialog.getByRole('button', { name: 'Сохранить' }).click()
      await expect.poll(() => alertText(page)).toBe('Этот код уже есть у другого стола.')
      const code = dialog.getByRole('textbox', { name: 'Код' })
      expect(await code.getAttribute('aria-invalid')).toBe('true')
      await keepScreenshot(page, 'admin-tables-dialog')
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await code.fill('T13')
      await dialog.getByRole('button', { name: 'Сохранить' }).click()
      await dialog.waitFor({ state: 'detached' })
      await expect.poll(() => terrace.getByRole('row').count()).toBe(6)

      // T13 and T2 chosen, printed on A4: the file the browser saves.
      await page.getByRole('checkbox', { name: 'Выбрать стол T13' }).check()
      await page.getByRole('checkbox', { name: 'Выбрать стол T2' }).check()
      expect(plain(await page.getByText(/^Выбрано/).textContent())).toBe('Выбрано 2 стола')
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Печать QR (A4)' }).click(),
      ])
      expect(download.suggestedFilename()).toBe('demo-table-qr-codes.pdf')
      const pdf = await downloaded(download)
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')

      // The screen shows T13's code and its link, the same the print carries (below).
      await page.getByRole('button', { name: 'QR-код стола T13' }).click()
      const qr = page.getByRole('dialog', { name: 'QR-код стола T13' })
      expect(await qr.getByRole('img', { name: 'QR-код стола T13' }).count()).toBe(1)
      const shownLink = await qr.getByRole('textbox', { name: 'Ссылка кода' }).inputValue()
      await keepScreenshot(page, 'admin-tables-qr')
      await expectNoSeriousViolations(page, { include: 'dialog' })
      await qr.getByRole('button', { name: 'Закрыть' }).click()
      await qr.waitFor({ state: 'detached' })

      // The zones' order, by keyboard: the moved zone's buttons keep the focus. The hall goes
      // down (now last, so its "up" button takes the focus), and the order is the server's.
      const zoneOrder = async () =>
        (await page.locator('.tables-admin__zone-title').allTextContents()).map((text) =>
          plain(text).replace(/\d.*$/, ''),
        )
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)
      await page.getByRole('button', { name: 'Опустить зону «Зал»' }).focus()
      await page.keyboard.press('Enter')
      await expect.poll(zoneOrder).toEqual(['Терраса', 'Зал'])
      await expect.poll(focused).toBe('Поднять зону «Зал»')
      await keepScreenshot(page, 'admin-tables-zone-moved')
      await page.reload({ waitUntil: 'networkidle' })
      await expect.poll(zoneOrder).toEqual(['Терраса', 'Зал'])
      await page.getByRole('button', { name: 'Поднять зону «Зал»' }).focus()
      await page.keyboard.press('Space')
      await expect.poll(zoneOrder).toEqual(['Зал', 'Терраса'])
      await expect.poll(focused).toBe('Опустить зону «Зал»')

      // The tablet and the phone see the same screen.
      await page.setViewportSize({ width: 1024, height: 768 })
      await keepScreenshot(page, 'admin-tables-1024')
      await page.setViewportSize({ width: 390, height: 844 })
      await keepScreenshot(page, 'admin-tables-phone')
      await expectNoSeriousViolations(page, SCREEN)
      // The one refused request is the taken code.
      expect(problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([])

      // The printed codes read as a camera reads them: T2 first (the hall), then T13.
      const reader = await browser.phone()
      const pages = await readQrCodesInBrowser(reader.page, site, pdf, { columns: 2, rows: 3 })
      expect(pages).toHaveLength(1)
      const [t2, t13] = pages[0] ?? []
      expect(t2).toMatch(new RegExp(`^${site}/rest/demo/init\\?table=[A-Za-z0-9_-]{22}$`))
      expect(t13).toMatch(new RegExp(`^${site}/rest/demo/init\\?table=[A-Za-z0-9_-]{22}$`))
      expect(t13).toBe(shownLink)

      // A phone scans the new table's code: it sits at table 13, then sees the menu.
      const diner = await browser.phone()
      await diner.page.goto(t13 ?? '', { waitUntil: 'networkidle' })
      await expect.poll(() => diner.page.getByText('Стол 13', { exact: true }).count()).toBe(1)
      await diner.page.waitForURL('**/rest/demo/menu', { timeout: 10_000 })
      const stored = await diner.page.evaluate(() =>
        localStorage.getItem('tableside.table-session.v1.demo'),
      )
      const sessionId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(
        stored ?? '',
      )?.[0]
      const session = await fetch(`${server.url}/api/v1/table-sessions/${sessionId ?? ''}`)
      expect(((await session.json()) as { table: { code: string } }).table.code).toBe('T13')
      expect(diner.problems).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
