import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { FIRST_SCREEN_MODULE, type RenderFirstScreen } from '@tableside/contracts/first-screen'
import type { Restaurant, UiLanguage } from '@tableside/contracts/restaurants'
import { activeStories, type MenuSnapshot } from './menu-snapshot'

/** The menu's first screen as the server sends it in the page (decision 0025). */
export interface FirstScreen {
  html: string
  language: UiLanguage
  /**
   * CSP hashes of its `style` attributes (a dish photo's placeholder colour): the page's policy
   * allows exactly these, no other inline style.
   */
  styleHashes: readonly string[]
}

export type DrawFirstScreen = (
  restaurantId: string,
  url: string,
  language: UiLanguage | undefined,
) => Promise<FirstScreen | undefined>

/** The web build's renderer (`apps/web/src/first-screen-entry.tsx`); undefined when not built. */
export async function loadFirstScreenRenderer(
  webDist: string,
): Promise<RenderFirstScreen | undefined> {
  const path = join(webDist, FIRST_SCREEN_MODULE)
  if (!existsSync(path)) return undefined
  const module: unknown = await import(pathToFileURL(path).href)
  if (typeof module !== 'object' || module === null || !('renderFirstScreen' in module)) {
    return undefined
  }
  const render = module.renderFirstScreen
  return typeof render === 'function'
    ? (input) => {
        const html: unknown = Reflect.apply(render, undefined, [input])
        if (typeof html !== 'string') throw new Error('renderFirstScreen returned no HTML')
        return html
      }
    : undefined
}

function styleHashes(html: string): string[] {
  const styles = new Set([...html.matchAll(/ style="([^"&]*)"/g)].map((match) => match[1] ?? ''))
  return [...styles].map(
    (style) => `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  )
}

/** A formatter per zone: building one costs far more than using it, and this runs per page. */
const clocks = new Map<string, Intl.DateTimeFormat>()

/** HH:MM at the restaurant: which menu is served and whether stories run change by the minute. */
function clock(now: Date, timeZone: string): string {
  let format = clocks.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' })
    clocks.set(timeZone, format)
  }
  return format.format(now)
}

interface Sources {
  render: RenderFirstScreen
  menu: (restaurantId: string) => MenuSnapshot | Promise<MenuSnapshot | undefined>
  restaurant: (restaurantId: string) => Promise<Restaurant | undefined>
  now?: () => Date
}

/**
 * Draws the first screen from the menu held in memory, never the database per request: one
 * drawing per menu version, language, menu picked and minute, reused by every diner (nothing
 * in it is theirs: no cart, no table).
 */
export function firstScreenDrawer({ render, menu, restaurant, now = () => new Date() }: Sources) {
  const drawn = new WeakMap<MenuSnapshot, Map<string, { key: string; screen: FirstScreen }>>()
  const draw: DrawFirstScreen = async (restaurantId, url, language) => {
    const [snapshot, profile] = await Promise.all([menu(restaurantId), restaurant(restaurantId)])
    if (!snapshot || !profile || snapshot.menu.menus.length === 0) return undefined
    const at = now()
    const picked = new URLSearchParams(url.split('?')[1] ?? '').get('menu')
    // An unknown menu shows the default one, as in the app: one drawing for all of them.
    const menuId = snapshot.menu.menus.some((m) => m.id === picked) ? picked : null
    const input = {
      restaurant: profile,
      menu: snapshot.menu,
      hasStories: activeStories(snapshot, at).length > 0,
      language: language ?? profile.defaultLanguage,
      url: `/rest/${restaurantId}/menu${menuId === null ? '' : `?menu=${menuId}`}`,
    }
    const slot = `${input.language}|${menuId ?? ''}`
    const key = JSON.stringify([
      slot,
      clock(at, profile.timezone),
      input.hasStories,
      profile.name,
      profile.locale,
      profile.currency,
      profile.timezone,
    ])
    let screens = drawn.get(snapshot)
    if (!screens) {
      screens = new Map()
      drawn.set(snapshot, screens)
    }
    const held = screens.get(slot)
    if (held?.key === key) return held.screen
    const html = render(input)
    const screen = { html, language: input.language, styleHashes: styleHashes(html) }
    screens.set(slot, { key, screen })
    return screen
  }
  return draw
}
