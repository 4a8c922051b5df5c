import { describe, expect, it } from 'vitest'
import { baseUrl, restaurantId, useBrowser } from './fixtures'

/** Selectors only the back office, the kitchen display and the waiters use (decision 0082). */
const STAFF_SELECTORS = [
  '.staff-gate',
  '.kitchen',
  '.admin-',
  '.tables-admin',
  '.settings-',
  '.floor-table',
  '.sign-in__field',
  '.tips-total',
  '.alert-card',
]

/** The stylesheets a page's HTML links, as the server sends it. */
async function linkedStylesheets(path: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}${path}`)).text()
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(
    ([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1] ?? '',
  )
  return Promise.all(
    links.map(async (href) => {
      const response = await fetch(new URL(href, baseUrl()))
      expect(response.status, href).toBe(200)
      return response.text()
    }),
  )
}

describe('Each area loads the styles it uses', () => {
  const browser = useBrowser()

  it('a diner’s menu links one stylesheet, with none of the staff’s or the waiters’ styles', async () => {
    const sheets = await linkedStylesheets(`/rest/${restaurantId()}/menu`)
    expect(sheets).toHaveLength(1)
    const [css = ''] = sheets
    expect(css).toContain('.dish-card')
    for (const selector of STAFF_SELECTORS) expect(css, selector).not.toContain(selector)
  })

  it.each([
    { area: 'staff', path: `/rest/${restaurantId()}/admin`, drawn: '.staff-gate__card' },
    { area: 'garcon', path: `/rest/${restaurantId()}/garcon`, drawn: 'form.sign-in' },
  ])(
    'a $area screen draws only once its own stylesheet has loaded, after the app’s',
    async ({ area, path, drawn }) => {
      const { page, problems } = await browser.phone()
      const own = new RegExp(`/assets/${area}-[\\w-]+\\.css$`)
      // A slow network for the area's stylesheet: nothing may show unstyled meanwhile.
      await page.route(own, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500))
        await route.continue()
      })
      await page.goto(`${baseUrl()}${path}`)
      const element = page.locator(drawn)
      await element.waitFor()
      // Styled from its first frame: the staff's rounded card, the waiter's grid of fields.
      expect(
        await element.evaluate((node) => {
          const style = getComputedStyle(node)
          return style.borderTopLeftRadius !== '0px' || style.display === 'grid'
        }),
      ).toBe(true)
      const order = await page.evaluate(() =>
        Array.from(document.styleSheets, (sheet) => sheet.href ?? 'inline'),
      )
      const at = order.findIndex((href) => own.test(href))
      expect(at, order.join(', ')).toBeGreaterThan(0)
      expect(order.slice(0, at).some((href) => /\/assets\/style-[\w-]+\.css$/.test(href))).toBe(
        true,
      )
      expect(problems).toEqual([])
    },
  )
})
