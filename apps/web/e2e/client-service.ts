import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { order, type Order } from '@tableside/contracts/orders'
import { SANDBOX_TEST_CARDS } from '@tableside/contracts/sandbox-acquirer'
import { plain } from './table-service'

/**
 * The diner's sign-in as the stories do it, on a server started with APP_ENV=development,
 * where the SMS sandbox shows what it sent at /dev/sms.
 */

export const pageHeading = async (page: Page) =>
  plain(await page.getByRole('heading', { level: 1 }).textContent())

/**
 * The in-page developer console (eruda) of APP_ENV=development, hidden from the screenshots
 * and axe (its own data: fonts are what the CSP refuses). Not `page.addStyleTag`: it waits for
 * the tag's load, and a refused eruda font loading meanwhile failed it.
 */
export async function hideDevConsole(page: Page) {
  // A constructed sheet, not a <style> element: a production server's policy refuses inline
  // styles, and the refusal would read as the page's own error.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync('#eruda { display: none !important; }')
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  })
}

/** The code in the latest message the sandbox sent to `phone` (E.164). */
export async function smsCode(serverUrl: string, phone: string): Promise<string> {
  const sms = (await (
    await fetch(`${serverUrl}/dev/sms?phone=${encodeURIComponent(phone)}`)
  ).json()) as { messages: { text: string }[] }
  const code = /^\d{6}/.exec(sms.messages[0]?.text ?? '')?.[0] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  return code
}

/**
 * From the profile screen: "Войти", the phone (`+7` and ten digits), consent, the code from
 * the sandbox, and back on the signed-in profile.
 */
export async function signInOnPage(page: Page, serverUrl: string, phone: string): Promise<void> {
  await page.getByRole('link', { name: 'Войти' }).click()
  await expect.poll(() => pageHeading(page)).toBe('Вход')
  await page.getByRole('textbox', { name: 'Номер телефона' }).pressSequentially(phone.slice(2))
  await page.getByRole('checkbox', { name: /согласен на обработку/ }).check()
  await page.getByRole('button', { name: 'Получить код' }).click()
  const codeBox = page.getByRole('textbox', { name: 'Код из СМС' })
  await codeBox.waitFor()
  await codeBox.fill(await smsCode(serverUrl, phone))
  await page.getByRole('button', { name: 'Войти' }).click()
  await expect.poll(() => pageHeading(page)).toBe('Профиль')
}

const BORSCHT = 'Борщ с говядиной и пампушками'
const HERRING = 'Сельдь с картофелем и луком'

/**
 * Borscht and herring from the menu (over the delivery minimum), then the checkout for
 * `type` ("Доставка", "Самовывоз"), the developer console hidden.
 */
export async function checkoutFromMenu(page: Page, site: string, type: RegExp): Promise<void> {
  await page.goto(`${site}/rest/demo/menu`, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: `Добавить: ${BORSCHT}` }).click()
  await page.getByRole('button', { name: `Добавить: ${HERRING}` }).click()
  await page.getByRole('link', { name: /^Корзина\s*,/ }).click()
  await page.getByRole('button', { name: 'Перейти к оформлению' }).click()
  await page.waitForURL('**/rest/demo/order')
  await hideDevConsole(page)
  await page.getByRole('radio', { name: type }).check()
}

/**
 * As soon as possible while the restaurant is open, else its first free time: the demo
 * closes at 23:00 Moscow time, and the stories run at any hour.
 */
export async function chooseCheckoutTime(page: Page): Promise<void> {
  const asap = page.getByRole('radio', { name: /Как можно скорее/ })
  if ((await asap.count()) > 0) await asap.check()
  else await page.locator('.slot__input[value]').first().check()
}

/**
 * A pickup of borscht and herring from the menu for `name` at `phone`, at the first time the
 * restaurant offers, paid as `method` says (`/Картой онлайн/`, `/СБП/`), and confirmed.
 */
export async function confirmPickup(
  page: Page,
  site: string,
  { name, phone, method }: { name: string; phone: string; method: RegExp },
): Promise<void> {
  await checkoutFromMenu(page, site, /Самовывоз/)
  await page.locator('#checkout-name').fill(name)
  await page.locator('#checkout-phone').fill(phone)
  await chooseCheckoutTime(page)
  await page.getByRole('radio', { name: method }).check()
  const confirm = page.getByRole('button', { name: 'Подтвердить заказ' })
  await expect.poll(() => confirm.isEnabled()).toBe(true)
  await confirm.click()
}

/** Back from the bank's page on the order's Success screen: the payment's id in its address. */
export async function backOnSuccess(page: Page): Promise<string> {
  await page.waitForURL(/\/rest\/demo\/order\/[0-9a-f-]{36}\/success\?payment=/, {
    timeout: 15_000,
  })
  return new URL(page.url()).searchParams.get('payment') ?? ''
}

/** On the test acquirer's page: pays with the card that succeeds; the payment's id on Success. */
export async function payOnSandboxAcquirerPage(page: Page): Promise<string> {
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-acquirer/pay/'), {
    timeout: 15_000,
  })
  await page.getByLabel('Номер карты').pressSequentially(SANDBOX_TEST_CARDS.succeeds)
  await page.getByLabel('Срок действия').pressSequentially('1240')
  await page.getByLabel('CVC').pressSequentially('123')
  await page.getByRole('button', { name: /^Оплатить / }).click()
  return backOnSuccess(page)
}

/** Success says the payment went through, and the server's order says paid: that order. */
export async function paidOnSuccess(page: Page, server: string): Promise<Order> {
  await backOnSuccess(page)
  await expect
    .poll(async () => plain(await page.getByRole('heading', { level: 1 }).textContent()), {
      timeout: 10_000,
    })
    .toBe('Оплата прошла')
  const orderId = /\/order\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? ''
  const paid = order.parse(await (await fetch(`${server}/api/v1/orders/${orderId}`)).json())
  expect(paid.paymentStatus).toBe('paid')
  return paid
}
