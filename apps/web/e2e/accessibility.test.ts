import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, useBrowser } from './fixtures'

/**
 * Known and not yet fixed: the language buttons show "RU"/"EN" but are named "Русский"/
 * "English" (aria-label), so their visible label is not part of their accessible name
 * (WCAG 2.5.3 Label in Name, level A). Remove from here once the language switch is fixed.
 */
const KNOWN = ['label-content-name-mismatch']

describe('A diner who relies on assistive technology opens the app', () => {
  const browser = useBrowser()

  it('the landing page has no serious or critical WCAG 2 A/AA violations', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' })
    await expect.poll(() => page.locator('h1').count()).toBeGreaterThan(0)
    await expectNoSeriousViolations(page, { disableRules: KNOWN })
    expect(problems).toEqual([])
  })

  it('the check fails naming the rule and the element, and can be scoped or told to skip a rule', async () => {
    const { page, problems } = await browser.phone()
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle' })
    await page.evaluate(() => {
      const image = document.createElement('img')
      image.id = 'no-alt'
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='
      document.body.append(image)
    })
    await expect(expectNoSeriousViolations(page, { disableRules: KNOWN })).rejects.toThrow(
      /image-alt \(critical\): Images must have alternative text\n.*\n\s+#no-alt/,
    )
    await expectNoSeriousViolations(page, { disableRules: [...KNOWN, 'image-alt'] })
    await expectNoSeriousViolations(page, { include: 'h1' })
    expect(problems).toEqual([])
  })
})
