import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { adminLogin } from '@tableside/contracts/staff'
import { actAsManager, ownServerWithManager } from './admin-service'
import { apiRequest } from './api-request'
import { expectNoSeriousViolations } from './axe'
import { downloaded, keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * The audit log (issue 30, decision 0116): a manager reads who changed a price in words, filters
 * the log by who, what and when, and downloads the same as CSV. A server of its own: the story
 * changes the menu and adds a manager.
 */
const HOST = 'tableside.test'
const SCREEN = { include: '#main' }

/** Today where the demo restaurant is. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date())

/** The entries' sentences as the page shows them, spaces as typed. */
const sentences = (page: Page) =>
  page
    .locator('.audit__sentence')
    .allTextContents()
    .then((texts) => texts.map(plain))

describe('The manager reads the audit log', () => {
  const browser = useBrowser({ hosts: [HOST] })

  const ownServer = ownServerWithManager(HOST)

  it('The manager reads who changed a price', async () => {
    const { page, context, problems } = await browser.phone()
    await page.setViewportSize({ width: 1440, height: 900 })
    await actAsManager(context, ownServer.site, ownServer.token)

    // Мария Петровна changes the vinegret's price in the menu editor: 350 → 420, then → 450.
    await page.goto(`${ownServer.site}/rest/demo/admin/menu`, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: /^Салаты/ }).click()
    for (const price of ['420', '450']) {
      await page.getByRole('button', { name: 'Винегрет', exact: true }).click()
      await page.getByLabel('Цена, ₽').fill(price)
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
      await page.getByText('Сохранено. Гости уже видят.').waitFor()
    }

    // A colleague, Олег, added by her, puts the pickles on the stop-list from his own sign-in.
    const added = await apiRequest('POST', '/admin/staff', {
      server: ownServer.url,
      headers: { 'x-manager-token': ownServer.token },
      body: { role: 'manager', name: 'Олег', login: 'oleg', password: 'Oleg-kitchen-2026!' },
    })
    expect(added.status).toBe(201)
    const oleg = await apiRequest('POST', '/auth/admin/login', {
      server: ownServer.url,
      body: { restaurantId: 'demo', login: 'oleg', password: 'Oleg-kitchen-2026!' },
    })
    expect(oleg.status).toBe(200)
    const stopped = await apiRequest('PUT', '/admin/menu/dishes/pickles/availability', {
      server: ownServer.url,
      headers: { 'x-manager-token': adminLogin.response.parse(oleg.data).token },
      body: { available: false },
    })
    expect(stopped.status).toBe(200)

    // The log says it as she would: her name, the dish's name, the money in roubles.
    await page.goto(`${ownServer.site}/rest/demo/admin/audit`, { waitUntil: 'networkidle' })
    await expect
      .poll(() => sentences(page))
      .toEqual([
        'Олег: блюдо «Бочковые соленья» в стоп-листе',
        'Мария Петровна: добавлен менеджер «Олег»',
        'Мария Петровна: цена блюда «Винегрет» — было 420 ₽, стало 450 ₽',
        'Мария Петровна: цена блюда «Винегрет» — было 350 ₽, стало 420 ₽',
      ])
    // Nothing of the machine's on the screen until asked: no JSON, no kopecks, no ids.
    const main = plain(await page.locator('#main').innerText())
    expect(main).not.toMatch(/42000|45000|"price"|\{|vinegret/)
    await keepScreenshot(page, 'audit-log-1440')
    await expectNoSeriousViolations(page, SCREEN)

    // The details show what was recorded, ids and all.
    const priceEntry = page.locator('.audit__entry', { hasText: 'было 420 ₽, стало 450 ₽' })
    await priceEntry.getByText('Подробности').click()
    await expect
      .poll(() => priceEntry.locator('.audit__json').last().innerText())
      .toContain('"price": 45000')
    expect(await priceEntry.locator('dd').nth(2).innerText()).toBe('vinegret')
    await keepScreenshot(page, 'audit-log-details-1440')
    await expectNoSeriousViolations(page, SCREEN)

    // Who: Олег only; then her changes to dishes today.
    await page.getByLabel('Кто').selectOption({ label: 'Олег' })
    await expect
      .poll(() => sentences(page))
      .toEqual(['Олег: блюдо «Бочковые соленья» в стоп-листе'])
    expect(page.url()).toMatch(/[?&]actor=[0-9a-f-]{36}/)
    await page.getByLabel('Кто').selectOption({ label: 'Мария Петровна' })
    await page.getByLabel('Что').selectOption({ label: 'Блюда и стоп-лист' })
    await page.getByLabel('С', { exact: true }).fill(today())
    await page.getByLabel('По', { exact: true }).fill(today())
    await expect
      .poll(() => sentences(page))
      .toEqual([
        'Мария Петровна: цена блюда «Винегрет» — было 420 ₽, стало 450 ₽',
        'Мария Петровна: цена блюда «Винегрет» — было 350 ₽, стало 420 ₽',
      ])
    await page.setViewportSize({ width: 1024, height: 768 })
    await keepScreenshot(page, 'audit-log-filtered-1024')
    await expectNoSeriousViolations(page, SCREEN)

    // The CSV of what is shown: the same sentences, then the machine's columns.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`audit-${today()}-${today()}.csv`)
    const csv = (await downloaded(download)).toString('utf8').replace(/[\u00a0\u202f]/g, ' ')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^Когда;Кто;Что произошло;Время \(UTC\);/)
    expect(lines[1]).toContain(
      ';Мария Петровна;Мария Петровна: цена блюда «Винегрет» — было 420 ₽, стало 450 ₽;',
    )
    expect(lines[1]).toContain(';dish;update;vinegret;')
    expect(csv).not.toContain('Олег')

    // A yesterday-only period shows nothing; a backwards one says so and asks nothing.
    await page.getByLabel('С', { exact: true }).fill('2026-01-02')
    await page.getByLabel('По', { exact: true }).fill('2026-01-01')
    await page.getByText('Период заканчивается раньше, чем начинается').waitFor()
    await page.getByRole('button', { name: 'Сбросить отбор' }).click()
    await expect.poll(async () => (await sentences(page)).length).toBe(4)

    // On a phone: the same sentences, nothing sticking out.
    await page.setViewportSize({ width: 390, height: 844 })
    await keepScreenshot(page, 'audit-log-390')
    await expectNoSeriousViolations(page, SCREEN)

    // In English, the same entry in English words, the dish by its English name.
    await page.evaluate(() => localStorage.setItem('tableside.language', 'en'))
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.reload({ waitUntil: 'networkidle' })
    await expect
      .poll(() => sentences(page))
      .toContain('Мария Петровна changed the price of «Vinegret» from 420 ₽ to 450 ₽')
    await keepScreenshot(page, 'audit-log-english-1440')
    expect(problems.filter((problem) => !/WebSocket|404 \(Not Found\)/.test(problem))).toEqual([])
  })
})
