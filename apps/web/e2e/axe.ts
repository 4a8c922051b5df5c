import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { run, RunOptions, SerialContextObject } from 'axe-core'
import type { Page } from 'playwright-core'

const require = createRequire(import.meta.url)
let axeSource: string | undefined

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const BLOCKING = new Set(['serious', 'critical'])
/**
 * The app's documents allow scripts from their own origin only (script-src 'self'), so an
 * inline script tag would be refused: axe is offered at a same-origin address that the
 * browser answers itself and never reaches the server.
 */
const AXE_PATH = '/__e2e__/axe-core.js'

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA rules) and throws listing
 * every violation of impact serious or critical: rule, what it asks for, and the
 * selectors of the elements that break it. Minor and moderate findings do not fail.
 */
export async function expectNoSeriousViolations(
  page: Page,
  options: { include?: string; disableRules?: string[] } = {},
): Promise<void> {
  const hasAxe = await page.evaluate(() => 'axe' in window)
  if (!hasAxe) {
    const url = new URL(AXE_PATH, page.url()).href
    // The minified build: 0.65 MB, not 1.5, goes through Playwright's relay for each page
    // checked (~190 a run), and Chromium parses it ~40 ms sooner.
    axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
    const source = axeSource
    await page.route(url, (route) =>
      route.fulfill({ contentType: 'text/javascript; charset=utf-8', body: source }),
    )
    try {
      await page.addScriptTag({ url })
    } finally {
      await page.unroute(url)
    }
  }

  // Colours are checked as painted: let short transitions under way (a button turning
  // enabled) end first. Long or endless ones (a story's progress, a spinner) keep running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          if (animation.playState !== 'running') return false
          const timing = animation.effect?.getComputedTiming()
          const remaining = Number(timing?.endTime ?? Infinity) - Number(timing?.localTime ?? 0)
          return remaining <= 1_000
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )

  const context: SerialContextObject | undefined = options.include
    ? { include: [options.include] }
    : undefined
  const runOptions: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
    rules: Object.fromEntries((options.disableRules ?? []).map((id) => [id, { enabled: false }])),
  }
  // Checking a part of a scrolled screen, the app's fixed bars are put in the flow while axe
  // measures: a target scrolled half under the tab bar is not "obscured" for a user, who scrolls.
  // The bars' own targets are still measured, where they then stand.
  const results = await page.evaluate(
    async ([context, runOptions]) => {
      const axe = Reflect.get(window, 'axe') as { run: typeof run }
      // Through the CSSOM: the app's CSP refuses a <style> element.
      const bars = context
        ? Array.from(document.querySelectorAll<HTMLElement>('.tab-bar, .app-header, .action-bar'))
        : []
      for (const bar of bars) bar.style.setProperty('position', 'static', 'important')
      try {
        return await (context ? axe.run(context, runOptions) : axe.run(runOptions))
      } finally {
        for (const bar of bars) bar.style.removeProperty('position')
      }
    },
    [context, runOptions] as const,
  )

  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''))
  if (blocking.length === 0) return
  const lines = blocking.map((violation) => {
    const targets = violation.nodes.map(
      // One selector per frame; an array within a frame descends into shadow roots.
      (node) =>
        `    ${node.target.map((part) => (typeof part === 'string' ? part : part.join(' >> '))).join(' | ')}` +
        `\n      ${node.html.slice(0, 200)}` +
        (node.failureSummary ? `\n      ${node.failureSummary.replace(/\s+/g, ' ')}` : ''),
    )
    return [
      `- ${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}`,
      `  ${violation.helpUrl}`,
      ...targets,
    ].join('\n')
  })
  throw new Error(
    `${blocking.length} serious or critical accessibility violation(s) on ${page.url()}` +
      `${options.include ? ` within ${options.include}` : ''}:\n${lines.join('\n')}`,
  )
}
