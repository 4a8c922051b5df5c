import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { root } from '../../../scripts/lib/build.mjs'
import { demoTableTokens, startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The QR code is the key to the table (issue 13, decision 0026). The restaurant is reached as a
 * diner's phone reaches it, by a name that is not localhost and over plain http: no secure
 * context, and the acquirer sends the browser back to the same address (PUBLIC_URL, or without
 * it the Host the phone used: decision 0035).
 */
const HOST = 'tableside.test'
const MAIN = { include: '#main' }
const BORSCHT = 'Борщ с говядиной и пампушками'

/** The problems the console logged, but the one refused link a story expects. */
const realProblems = (problems: readonly string[], expectedStatus?: string) =>
  problems.filter((problem) => !(expectedStatus && problem.includes(expectedStatus)))

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const main = async (page: Page) => plain(await page.locator('#main').textContent())

/**
 * Checkout with "Картой онлайн", the bank's page at the same address, a test card that goes
 * through, and Success back at `site` with the payment named.
 */
async function payByCardAndSucceed(page: Page, site: string): Promise<void> {
  await page.getByRole('radio', { name: /Картой онлайн/ }).check()
  const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
  await expect.poll(() => confirm.isEnabled()).toBe(true)
  await confirm.click()

  // The card was chosen at checkout: confirming goes straight to the bank's page.
  await page.waitForURL(`${site}/sandbox-acquirer/pay/**`, { timeout: 15_000 })
  await page.getByLabel('Номер карты').fill(SANDBOX_TEST_CARDS.succeeds)
  await page.getByLabel('Срок действия').fill('12/39')
  await page.getByLabel('CVC').fill('123')
  await page.getByRole('button', { name: /^Оплатить/ }).click()

  await page.waitForURL(
    new RegExp(`^${site}/rest/demo/order/[0-9a-f-]{36}/success\\?payment=[0-9a-f-]{36}$`),
    { timeout: 15_000 },
  )
  await expect
    .poll(async () => plain(await heading(page).textContent()), { timeout: 10_000 })
    .toBe('Оплата прошла')
}

describe('A diner at the table, by its QR code', () => {
  const browser = useBrowser({ hosts: [HOST] })
  let server: Awaited<ReturnType<typeof startServer>>
  let tokens: Record<string, string> = {}
  const site = () => `http://${HOST}:${String(server.port)}`
  const start = async (dataDir?: string) => {
    server = await startServer({ publicHost: HOST, ...(dataDir ? { dataDir } : {}) })
    tokens = await demoTableTokens(server)
  }
  const qrLink = (code: string) => `${site()}/rest/demo/init?table=${tokens[code] ?? ''}`

  beforeAll(async () => {
    await start()
  })
  afterAll(async () => {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
  })

  it("A diner scans the table's QR code, orders and pays by card", async () => {
    expect(tokens.T1).toMatch(/^[A-Za-z0-9_-]{22,}$/)
    const { page, problems } = await browser.phone()
    await page.goto(qrLink('T1'), { waitUntil: 'networkidle' })
    await expect.poll(() => page.getByText('Стол 1', { exact: true }).count()).toBe(1)
    await page.waitForURL('**/rest/demo/menu', { timeout: 10_000 })

    await page.getByRole('button', { name: `Добавить: ${BORSCHT}` }).click()
    await page.getByRole('link', { name: /^Корзина\s*,/ }).click()
    await page.getByRole('button', { name: 'Перейти к оформлению' }).click()
    await page.waitForURL('**/rest/demo/order')
    await expect.poll(() => main(page)).toContain('Стол 1')
    await payByCardAndSucceed(page, site())
    await expect.poll(() => main(page)).toContain('Борщ')
    await keepScreenshot(page, 'table-qr-success')
    expect(realProblems(problems)).toEqual([])
  })

  it('The old code-only link explains itself', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${site()}/rest/demo/init?table=T1`, { waitUntil: 'networkidle' })
    await expect
      .poll(() => page.getByRole('heading', { name: 'Эта ссылка не открывает стол' }).count())
      .toBe(1)
    await expect.poll(() => main(page)).toContain('Отсканируйте QR‑код на вашем столе')
    expect(await page.getByText('Стол 1', { exact: true }).count()).toBe(0)
    expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain(
      'tableside.table-session.v1.demo',
    )
    await keepScreenshot(page, 'table-qr-outdated-link')
    await expectNoSeriousViolations(page, MAIN)

    await page.getByRole('button', { name: 'English' }).click()
    expect(
      await page.getByRole('heading', { name: 'This link does not open a table' }).count(),
    ).toBe(1)
    await expect.poll(() => main(page)).toContain('Scan the QR code on your table')
    await keepScreenshot(page, 'table-qr-outdated-link-en')
    // The one failed request is the refused link itself.
    expect(realProblems(problems, '404')).toEqual([])
  })

  it('A QR code the restaurant replaced says so, and the new one seats the diner', async () => {
    const old = tokens.T2 ?? ''
    const dataDir = server.dataDir
    expect(await server.stop()).toBe(0)
    const rotated = execFileSync(
      process.execPath,
      [join(root, 'apps/server/dist/table-cli.js'), 'rotate-token', '--table', 'T2'],
      {
        env: { ...process.env, DATA_DIR: dataDir, PUBLIC_URL: `http://${HOST}` },
        encoding: 'utf8',
      },
    )
    await start(dataDir)
    expect(tokens.T2).not.toBe(old)
    expect(rotated).toContain(`http://${HOST}/rest/demo/init?table=${tokens.T2 ?? ''}`)

    const { page, problems } = await browser.phone()
    await page.goto(`${site()}/rest/demo/init?table=${old}`, { waitUntil: 'networkidle' })
    await expect
      .poll(() => page.getByRole('heading', { name: 'Этот QR‑код заменён' }).count())
      .toBe(1)
    await expect
      .poll(() => main(page))
      .toContain('Отсканируйте тот, что стоит на вашем столе сейчас')
    await keepScreenshot(page, 'table-qr-replaced')
    await expectNoSeriousViolations(page, MAIN)

    await page.goto(qrLink('T2'), { waitUntil: 'networkidle' })
    await expect.poll(() => page.getByText('Стол 2', { exact: true }).count()).toBe(1)
    expect(realProblems(problems, '410')).toEqual([])
  })
})

/**
 * The same story as a restaurant runs it on its Wi-Fi without PUBLIC_URL (`HOST=0.0.0.0 npm
 * start`): every link the server makes for the diner, the acquirer's page and its way back,
 * starts with the address the phone used (decision 0035).
 */
describe('A diner at the table, by its QR code, at a server with no PUBLIC_URL', () => {
  const browser = useBrowser({ hosts: [HOST] })
  let server: Awaited<ReturnType<typeof startServer>>
  let tokens: Record<string, string> = {}
  const site = () => `http://${HOST}:${String(server.port)}`

  beforeAll(async () => {
    // An empty PUBLIC_URL is an unset one.
    server = await startServer({ env: { PUBLIC_URL: '' } })
    tokens = await demoTableTokens(server)
  })
  afterAll(async () => {
    await server.stop()
    rmSync(server.dataDir, { recursive: true, force: true })
  })

  it('scans the QR code, orders, pays by card and is back on Success at the same address', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${site()}/rest/demo/init?table=${tokens.T3 ?? ''}`, {
      waitUntil: 'networkidle',
    })
    await expect.poll(() => page.getByText('Стол 3', { exact: true }).count()).toBe(1)
    await page.waitForURL(`${site()}/rest/demo/menu`, { timeout: 10_000 })

    await page.getByRole('button', { name: `Добавить: ${BORSCHT}` }).click()
    await page.getByRole('link', { name: /^Корзина\s*,/ }).click()
    await page.getByRole('button', { name: 'Перейти к оформлению' }).click()
    await page.waitForURL('**/rest/demo/order')
    await expect.poll(() => main(page)).toContain('Стол 3')
    await payByCardAndSucceed(page, site())
    await expect.poll(() => main(page)).toContain('Борщ')
    await keepScreenshot(page, 'table-qr-success-no-public-url')
    // Still at the table: the session came back with the diner.
    await page.goto(`${site()}/rest/demo/call`, { waitUntil: 'networkidle' })
    await expect.poll(() => main(page)).toContain('Стол 3')
    expect(problems).toEqual([])
  })
})
