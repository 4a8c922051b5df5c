import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { expectNoSeriousViolations } from './axe'
import { baseUrl, keepScreenshot, restaurantId, useBrowser } from './fixtures'

const BORSCHT_STORY = 'Борщ как дома'
const BREAKFAST_STORY = 'Завтраки до 12:00'
const BORSCHT = 'Борщ с говядиной и пампушками'

const viewer = (page: Page) => page.getByRole('dialog', { name: 'Истории' })
const storyTitle = async (page: Page) => viewer(page).getByRole('heading').textContent()
/** The bars at the top: which are full, which is filling, which are still empty. */
const bars = (page: Page) =>
  viewer(page)
    .locator('.story-viewer__bar')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-state')))
const filled = (page: Page) =>
  viewer(page)
    .locator('.story-viewer__bar[data-state="current"] .story-viewer__fill')
    .evaluate((fill) => Number(getComputedStyle(fill).getPropertyValue('--fill') || 0))

async function openMenu(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/rest/${restaurantId()}/menu`, { waitUntil: 'networkidle' })
  await expect
    .poll(() => page.getByRole('button', { name: BORSCHT_STORY, exact: true }).count())
    .toBe(1)
}

describe('A diner watches the restaurant’s stories', () => {
  const browser = useBrowser()

  it('Diner watches a story and opens its dish', async () => {
    const { page, problems } = await browser.phone()
    await openMenu(page)
    await keepScreenshot(page, 'stories-row')
    await page.getByRole('button', { name: BORSCHT_STORY, exact: true }).click()

    await expect.poll(() => viewer(page).isVisible()).toBe(true)
    expect(await storyTitle(page)).toBe(BORSCHT_STORY)
    const [first, ...rest] = await bars(page)
    expect(first).toBe('current')
    expect(rest.length).toBeGreaterThanOrEqual(2)
    expect(new Set(rest)).toEqual(new Set(['upcoming']))
    // The first bar fills while the story plays; the pause button holds it, so the checks
    // below do not race the story's few seconds on a slow machine.
    await expect.poll(() => filled(page)).toBeGreaterThan(0)
    await viewer(page).getByRole('button', { name: 'Пауза' }).click()
    expect(await storyTitle(page)).toBe(BORSCHT_STORY)
    expect(
      await viewer(page)
        .getByRole('img', { name: 'Тарелка борща со сметаной и пампушками' })
        .count(),
    ).toBe(1)
    await keepScreenshot(page, 'story-viewer')
    await expectNoSeriousViolations(page, { include: 'dialog' })

    // A tap on the right half moves on; on the left half goes back.
    await page.getByRole('button', { name: 'Следующая история' }).click()
    expect(await storyTitle(page)).toBe(BREAKFAST_STORY)
    expect((await bars(page)).slice(0, 2)).toEqual(['done', 'current'])
    await page.getByRole('button', { name: 'Предыдущая история' }).click()
    expect(await storyTitle(page)).toBe(BORSCHT_STORY)

    // A swipe to the left turns the page too.
    await page.mouse.move(320, 420)
    await page.mouse.down()
    await page.mouse.move(180, 425, { steps: 5 })
    await page.mouse.move(60, 430, { steps: 5 })
    await page.mouse.up()
    expect(await storyTitle(page)).toBe(BREAKFAST_STORY)
    await page.keyboard.press('ArrowLeft')
    expect(await storyTitle(page)).toBe(BORSCHT_STORY)

    await viewer(page).getByRole('button', { name: 'Посмотреть блюдо' }).click()
    await expect.poll(() => viewer(page).count()).toBe(0)
    await expect
      .poll(() => page.getByRole('dialog').getByRole('heading', { name: BORSCHT }).count())
      .toBe(1)
    await keepScreenshot(page, 'story-opened-dish')
    expect(problems).toEqual([])
  })

  it('Stories can be paused, closed with Escape, and are remembered as seen', async () => {
    const { page } = await browser.phone()
    await openMenu(page)
    const circle = page.getByRole('button', { name: BORSCHT_STORY, exact: true })
    await circle.click()
    await expect.poll(() => viewer(page).isVisible()).toBe(true)

    await viewer(page).getByRole('button', { name: 'Пауза' }).click()
    expect(await viewer(page).getByRole('button', { name: 'Продолжить' }).count()).toBe(1)

    await page.keyboard.press('Escape')
    await expect.poll(() => viewer(page).count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain(BORSCHT_STORY)

    await page.reload({ waitUntil: 'networkidle' })
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: new RegExp(`^${BORSCHT_STORY}[\\s,]+просмотрено$`) })
          .count(),
      )
      .toBe(1)
    expect(await page.getByRole('button', { name: BREAKFAST_STORY, exact: true }).count()).toBe(1)
  })

  it('With reduced motion the story does not zoom', async () => {
    const { page } = await browser.phone()
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openMenu(page)
    await page.getByRole('button', { name: BORSCHT_STORY, exact: true }).click()
    await expect.poll(() => viewer(page).isVisible()).toBe(true)
    expect(
      await viewer(page)
        .getByRole('img')
        .evaluate((image) => getComputedStyle(image).animationName),
    ).toBe('none')
  })
})
