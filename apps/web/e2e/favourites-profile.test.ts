import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { getFavourites } from '@tableside/contracts/favourites'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import { hideDevConsole, pageHeading, signInOnPage } from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * Favourites move into the profile on sign-in (issue 16, decisions 0052 and 0056), on a phone
 * that reaches the restaurant by a name other than localhost, over plain http.
 */
const HOST = 'tableside.test'
const PHONE = '+79161112233'
const BORSCHT = 'Борщ с говядиной и пампушками'
const HERRING = 'Сельдь с картофелем и луком'
const FAVOURITES_KEY = 'tableside.favourites.v1.demo'

const heart = (page: Page, name: string) =>
  page.getByRole('button', { name: `Избранное: ${name}`, exact: true }).first()
const pressed = (page: Page, name: string) => heart(page, name).getAttribute('aria-pressed')
const favouriteNames = (page: Page) =>
  page
    .getByRole('list', { name: 'Ваши любимые блюда' })
    .getByRole('listitem')
    .getByRole('heading')
    .allTextContents()
/** The dishes the device's own list holds. */
const deviceList = async (page: Page) =>
  (
    JSON.parse(
      (await page.evaluate((key) => localStorage.getItem(key), FAVOURITES_KEY)) ?? '[]',
    ) as { dishId: string }[]
  ).map((entry) => entry.dishId)

describe('Favourites kept by the profile', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it('A favourite saved before signing in is still there after', async () => {
    const server = await startServer({ env: { APP_ENV: 'development' }, publicHost: HOST })
    try {
      const site = server.url.replace('127.0.0.1', HOST)
      const { page, context, problems } = await browser.phone()

      // Anonymous: a heart on the menu, kept on the device.
      await page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await expect.poll(() => heart(page, BORSCHT).count()).toBe(1)
      await heart(page, BORSCHT).click()
      await expect.poll(() => pressed(page, BORSCHT)).toBe('true')
      expect(await deviceList(page)).toEqual(['borscht'])

      // Signing in by a code over http at this name: the cookie must stick.
      await page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await signInOnPage(page, server.url, PHONE)
      const token = (await context.cookies()).find((c) => c.name === 'profile_token')?.value
      if (!token) throw new Error('no profile_token cookie at a plain-http host')

      // Favourites: the dish is there, now the profile's, and the device's list is emptied.
      const merged = page.waitForResponse((r) => r.url().includes('/me/favorites/merge'))
      await page.goto(`${site}/rest/demo/favorites`, { waitUntil: 'networkidle' })
      expect((await merged).status()).toBe(200)
      await hideDevConsole(page)
      expect(await pageHeading(page)).toBe('Избранное')
      await expect.poll(() => favouriteNames(page)).toEqual([BORSCHT])
      await expect.poll(() => deviceList(page)).toEqual([])
      expect(plain(await page.locator('#main').textContent())).toContain('Хранится в профиле')
      const serverList = async () =>
        getFavourites.response
          .parse(
            await (
              await fetch(`${server.url}/api/v1/me/favorites?restaurantId=demo`, {
                headers: { 'x-profile-token': token },
              })
            ).json(),
          )
          .favourites.map((entry) => entry.dishId)
      expect(await serverList()).toEqual(['borscht'])
      await keepScreenshot(page, 'favourites-signed-in')
      await expectNoSeriousViolations(page, { include: '#main' })

      // Signed in, a heart on the menu goes to the profile, and stays after a reload.
      await page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
      await expect.poll(() => pressed(page, BORSCHT)).toBe('true')
      await heart(page, HERRING).click()
      await expect.poll(() => pressed(page, HERRING)).toBe('true')
      await expect.poll(serverList).toEqual(['herring-potatoes', 'borscht'])
      await page.reload({ waitUntil: 'networkidle' })
      await expect.poll(() => pressed(page, HERRING)).toBe('true')

      // Signing out: the favourites stay with the profile, not on this phone (decision 0056).
      await page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Выйти', exact: true }).click()
      await expect.poll(async () => page.getByRole('link', { name: 'Войти' }).count()).toBe(1)
      await page.goto(`${site}/rest/demo/favorites`, { waitUntil: 'networkidle' })
      await expect.poll(() => favouriteNames(page)).toEqual([])
      expect(await deviceList(page)).toEqual([])
      expect(problems.filter((problem) => !/font-src/.test(problem))).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  })
})
