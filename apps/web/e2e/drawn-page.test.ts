import { describe, expect, it } from 'vitest'
import { adminMenu } from '@tableside/contracts/menu-admin'
import {
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
  runtimeConfig,
} from '@tableside/contracts/runtime-config'
import { adminLogin } from '@tableside/contracts/staff'
import { baseUrl, keepScreenshot, restaurantId, restaurantUrl, useBrowser } from './fixtures'
import { openScreen } from './open-screen'

/**
 * What `String.replace` expands in a replacement string, what ends a script or starts a
 * comment: a manager may type any of it into a dish's name (issue 27).
 */
const HOSTILE = "$& $` $' $1 $<x> </script><script>alert(1)</script> <!--"

/** Every text of a menu file (names, descriptions, photos' alt, modifiers, stories) with HOSTILE. */
function hostile(value: unknown, texts: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((item) => hostile(item, texts))
  if (typeof value !== 'object' || value === null) return value
  const entries = Object.entries(value)
  // A text in the diners' languages: `{ ru, en? }`.
  if (entries.some(([key, text]) => key === 'ru' && typeof text === 'string')) {
    return Object.fromEntries(
      entries.map(([language, text]) => {
        const typed = `${String(text)} ${HOSTILE}`
        texts.add(typed)
        return [language, typed]
      }),
    )
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, hostile(item, texts)]))
}

describe('The page the server draws', () => {
  const browser = useBrowser()

  it('Texts a manager typed stay text in the menu page, however they look', async () => {
    const signedIn = await fetch(`${baseUrl()}/api/v1/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        restaurantId: restaurantId(),
        login: 'manager',
        password: 'tableside-demo',
      }),
    })
    expect(signedIn.status).toBe(200)
    const manager = {
      'content-type': 'application/json',
      'x-manager-token': adminLogin.response.parse(await signedIn.json()).token,
    }
    const current = adminMenu.parse(
      await (await fetch(`${baseUrl()}/api/v1/admin/menu`, { headers: manager })).json(),
    )
    const typed = new Set<string>()
    const imported = await fetch(`${baseUrl()}/api/v1/admin/menu/import`, {
      method: 'POST',
      headers: manager,
      body: JSON.stringify(hostile(current.file, typed)),
    })
    expect(imported.status, await imported.clone().text()).toBe(200)

    // The server's page as it arrives, no script run: what the browser makes of its markup.
    const { page } = await browser.phone({ javaScriptEnabled: false })
    await page.goto(restaurantUrl('/menu'))
    const drawn = await page.evaluate((config) => {
      const screen = document.querySelector('#first-screen')
      const walker = document.createTreeWalker(screen ?? document.body, NodeFilter.SHOW_ALL)
      const texts: string[] = []
      let comments = 0
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.COMMENT_NODE) comments++
        if (node.nodeType === Node.TEXT_NODE && node.textContent) texts.push(node.textContent)
        if (node instanceof HTMLImageElement) texts.push(node.alt)
      }
      return {
        screens: document.querySelectorAll('#first-screen').length,
        roots: document.querySelectorAll('#root').length,
        inScreen: screen?.querySelectorAll('script, template, style, iframe').length,
        comments,
        texts,
        // Every script of the page: the runtime configuration, or the app's from a file.
        scripts: Array.from(document.scripts).map((script) =>
          script.id === config ? 'config' : script.src ? 'file' : `inline ${script.text}`,
        ),
        config: document.getElementById(config)?.textContent ?? '',
      }
    }, RUNTIME_CONFIG_ELEMENT_ID)
    expect(drawn).toMatchObject({ screens: 1, roots: 1, inScreen: 0, comments: 0 })
    expect(drawn.scripts.filter((kind) => kind !== 'file')).toEqual(['config'])
    const served: unknown = await (await fetch(`${baseUrl()}${RUNTIME_CONFIG_PATH}`)).json()
    expect(runtimeConfig.parse(JSON.parse(drawn.config))).toEqual(runtimeConfig.parse(served))
    // Each typed text the screen shows is there whole, as typed: menus, categories, dishes,
    // their descriptions and photos' descriptions.
    const shown = drawn.texts.filter((text) => text.includes(HOSTILE))
    expect(shown.length).toBeGreaterThan(10)
    for (const text of shown) expect(typed, text).toContain(text)
    const menu = current.file.menus[0]
    const category = menu?.categories[0]
    const dish = category?.dishes[0]
    for (const text of [menu?.name, category?.name, dish?.name, dish?.description]) {
      expect(text).toBeDefined()
      expect(shown).toContain(`${text?.ru ?? ''} ${HOSTILE}`)
    }

    // With its scripts, the app takes over the drawing, and nothing typed ever runs.
    const diner = await browser.phone()
    const dialogs: string[] = []
    diner.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await openScreen(diner.page, restaurantUrl('/menu'))
    await expect
      .poll(() => diner.page.getByText(`${dish?.name.ru ?? ''} ${HOSTILE}`).count())
      .toBeGreaterThan(0)
    await expect.poll(() => diner.page.locator('#first-screen').count()).toBe(0)
    await keepScreenshot(diner.page, 'menu-typed-markup')
    expect(dialogs).toEqual([])
    expect(diner.problems).toEqual([])
  })
})
