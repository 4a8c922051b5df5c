import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

describe('A diner who relies on assistive technology opens the app', () => {
  const browser = useBrowser()

  it('the landing page has no serious or critical WCAG 2 A/AA violations', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/`)
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
    await expectNoSeriousViolations(page)
    expect(problems).toEqual([])
  })

  it('the check fails naming the rule and the element, and can be scoped or told to skip a rule', async () => {
    const { page, problems } = await browser.phone()
    await openScreen(page, `${baseUrl()}/`)
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.id = 'no-alt'
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
      document.body.append(image)
    })
    await expect(expectNoSeriousViolations(page)).rejects.toThrow(
      /image-alt \(critical\): Images must have alternative text\n.*\n\s+#no-alt/,
    )
    await expectNoSeriousViolations(page, { disableRules: ['image-alt'] })
    await expectNoSeriousViolations(page, { include: 'h1' })
    expect(problems).toEqual([])
  })
})
