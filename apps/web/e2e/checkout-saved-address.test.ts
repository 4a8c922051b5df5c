import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { listClientAddresses } from '@tableside/contracts/client'
import { order } from '@tableside/contracts/orders'
import { startServer } from '../../../scripts/lib/server-process.mjs'
import { expectNoSeriousViolations } from './axe'
import {
  checkoutFromMenu,
  chooseCheckoutTime,
  hideDevConsole,
  signInOnPage,
} from './client-service'
import { keepScreenshot, useBrowser } from './fixtures'
import { plain } from './table-service'

/**
 * A signed-in diner's checkout starts from the profile (issue 16): the name and phone, and the
 * saved addresses as cards above the address fields. Its own server: the story signs in and
 * keeps addresses in a profile, which the suite's shared server should not carry on.
 */
const HOST = 'tableside.test'
const PHONE = '+79161112233'
const MAIN = { include: '#main' }

/**
 * The stories run with APP_ENV=development, where the SMS sandbox's page is: its developer
 * console's data: fonts are what the CSP refuses, the only console errors allowed.
 */
const unexpected = (problems: readonly string[]) =>
  problems.filter((problem) => !problem.includes('Content Security Policy directive: "font-src'))

const field = (page: Page, name: string) => page.locator(`#checkout-${name}`)
const addressOnForm = async (page: Page) => ({
  street: await field(page, 'street').inputValue(),
  house: await field(page, 'house').inputValue(),
  apartment: await field(page, 'apartment').inputValue(),
  intercom: await field(page, 'intercom').inputValue(),
})

/** Scrolls the section holding `inside` to the top, under the header. */
async function scrollToTop(inside: Locator): Promise<void> {
  await inside.evaluate((element) => {
    const top = element.closest('fieldset')?.getBoundingClientRect().top ?? 0
    window.scrollBy(0, top - 72)
  })
}

/** Confirms, and reads the placed order back from the server. */
async function confirmOrder(page: Page, serverUrl: string) {
  const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
  await expect.poll(() => confirm.isEnabled()).toBe(true)
  await confirm.click()
  await page.waitForURL(/\/rest\/demo\/order\/[0-9a-f-]{36}$/)
  const id = /\/order\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? ''
  return order.parse(await (await fetch(`${serverUrl}/api/v1/orders/${id}`)).json())
}

describe('Checkout from the profile', () => {
  const browser = useBrowser({ hosts: [HOST] })

  it("A signed-in diner's delivery checkout is filled from a saved address", async () => {
    // Development: the SMS sandbox sends, and /dev/sms shows what it sent.
    const server = await startServer({ publicHost: HOST, env: { APP_ENV: 'development' } })
    try {
      const site = `http://${HOST}:${String(server.port)}`
      const { page, context, problems } = await browser.phone()

      // Signed in, with a name and a saved address in the profile.
      await page.goto(`${site}/rest/demo/client`, { waitUntil: 'networkidle' })
      await hideDevConsole(page)
      await signInOnPage(page, server.url, PHONE)
      const token = (await context.cookies()).find((c) => c.name === 'profile_token')?.value ?? ''
      await page.getByRole('textbox', { name: 'Имя' }).fill('Анна')
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click()
      await expect.poll(() => page.getByText('Сохранено.').count()).toBe(1)
      await page.getByRole('textbox', { name: 'Улица' }).fill('Тверская')
      await page.getByRole('textbox', { name: 'Дом' }).fill('7')
      await page.getByRole('textbox', { name: 'Квартира' }).fill('12')
      await page.getByRole('button', { name: 'Сохранить адрес' }).click()
      await expect
        .poll(async () => plain(await page.locator('.client-addresses').textContent()))
        .toContain('Тверская, 7, 12')

      // Delivery: contact and address are there, the saved address checked.
      await checkoutFromMenu(page, site, /Доставка/)
      const saved = page.getByRole('radiogroup', { name: 'Сохранённые адреса' })
      const home = saved.getByRole('radio', { name: /Тверская, 7/ })
      await expect.poll(() => home.isChecked()).toBe(true)
      expect(plain(await saved.textContent())).toContain('кв. 12')
      expect(await field(page, 'name').inputValue()).toBe('Анна')
      expect(await field(page, 'phone').inputValue()).toBe('+7 (916) 111-22-33')
      expect(await addressOnForm(page)).toEqual({
        street: 'Тверская',
        house: '7',
        apartment: '12',
        intercom: '',
      })
      // The saved address is not offered for saving again.
      const keep = page.getByRole('checkbox', { name: 'Сохранить адрес в профиле' })
      expect(await keep.count()).toBe(0)
      await scrollToTop(saved)
      await keepScreenshot(page, 'checkout-saved-address')
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoSeriousViolations(page, MAIN)

      // Another address empties the fields; typed in, it may be kept in the profile.
      await saved.getByRole('radio', { name: /Другой адрес/ }).check()
      expect(await addressOnForm(page)).toEqual({
        street: '',
        house: '',
        apartment: '',
        intercom: '',
      })
      await field(page, 'street').fill('Мясницкая')
      await field(page, 'house').fill('20')
      await expect.poll(() => keep.count()).toBe(1)
      await keep.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await keepScreenshot(page, 'checkout-saved-address-new')
      await expectNoSeriousViolations(page, MAIN)
      // Changed their mind: the saved card fills every field again, and is ordered to.
      await home.check()
      expect(await addressOnForm(page)).toEqual({
        street: 'Тверская',
        house: '7',
        apartment: '12',
        intercom: '',
      })
      await field(page, 'intercom').fill('12К')
      expect(await home.isChecked()).toBe(false)
      await field(page, 'intercom').fill('')
      expect(await home.isChecked()).toBe(true)
      await chooseCheckoutTime(page)
      const first = await confirmOrder(page, server.url)
      expect(first.type).toBe('delivery')
      expect(first.contact).toEqual({ name: 'Анна', phone: PHONE })
      expect(first.address).toEqual({ street: 'Тверская', house: '7', apartment: '12' })

      // The next delivery goes to a new address, kept in the profile once the order is placed.
      await checkoutFromMenu(page, site, /Доставка/)
      await expect.poll(() => home.isChecked()).toBe(true)
      await saved.getByRole('radio', { name: /Другой адрес/ }).check()
      await field(page, 'street').fill('Мясницкая')
      await field(page, 'house').fill('20')
      await field(page, 'floor').fill('3')
      await keep.check()
      await chooseCheckoutTime(page)
      const second = await confirmOrder(page, server.url)
      expect(second.address).toEqual({ street: 'Мясницкая', house: '20', floor: '3' })
      const profileAddresses = async () =>
        listClientAddresses.response
          .parse(
            await (
              await fetch(`${server.url}/api/v1/me/addresses`, {
                headers: { 'x-profile-token': token },
              })
            ).json(),
          )
          .addresses.map(({ address }) => address)
      await expect.poll(profileAddresses).toEqual([
        { street: 'Мясницкая', house: '20', floor: '3' },
        { street: 'Тверская', house: '7', apartment: '12' },
      ])
      expect(unexpected(problems)).toEqual([])
    } finally {
      await server.stop('SIGTERM')
    }
  }, 90_000)
})
