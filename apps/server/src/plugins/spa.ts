import { photoSources } from '@tableside/contracts/photo-sources'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { APP_PRELOADS_ID, FIRST_SCREEN_ID } from '@tableside/contracts/first-screen'
import { isAppRoute } from '@tableside/contracts/app-routes'
import { RUNTIME_CONFIG_PATH } from '@tableside/contracts/runtime-config'
import { SANDBOX_ACQUIRER_PAGE } from '@tableside/contracts/sandbox-acquirer'
import type { ServerConfig } from '../config/env'
import type { DrawFirstScreen, FirstScreen } from '../features/menu/first-screen'
import { documentContentSecurityPolicy, runtimeConfigFor } from '../features/system/runtime-config'
import { chosenLanguage } from '../http/chosen-language'
import { errorResponse } from './error-handler'

const PLACEHOLDER = '<!--tableside:runtime-config-->'
const ROOT = '<div id="root"></div>'
/** Written by the web build (apps/web/build/screen-preloads-plugin.ts): screen → its chunks. */
const SCREEN_PRELOADS = '.vite/screen-preloads.json'
/** The web build's manifest: where its second entry, `src/first-screen-start.ts`, went. */
const MANIFEST = '.vite/manifest.json'
const FIRST_SCREEN_START = 'src/first-screen-start.ts'
const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const notBuiltPage = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Tableside</title>
<body style="font-family:system-ui;padding:2rem"><h1>The web app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds what is missing).</p></body></html>`

/**
 * Serves the built SPA: hashed assets precompressed and cached forever, everything else
 * revalidated, and index.html with the runtime configuration filled in for every
 * client-side route. Unknown non-API pages still get the app (with a 404 status) so it
 * can show its own "Page not found" screen.
 */
export interface SpaOptions {
  /**
   * Pictures the first screen of a menu page shows at once (its largest paint), announced
   * with the data so the browser fetches them before the scripts ask.
   */
  firstPictures?: (restaurantId: string, menuId: string | null) => readonly string[]
  /** The menu's first screen, drawn into the page before the app's scripts load (decision 0025). */
  firstScreen?: DrawFirstScreen
}

export async function registerSpa(
  app: FastifyInstance,
  config: ServerConfig,
  realtimeKey: string,
  options: SpaOptions = {},
): Promise<void> {
  const indexPath = join(config.webDist, 'index.html')
  const built = existsSync(indexPath)
  if (!built) app.log.warn(`No built web app at ${config.webDist}; run npm run build`)
  const template = built ? readFileSync(indexPath, 'utf8') : undefined
  const screenChunks = readScreenChunks(join(config.webDist, SCREEN_PRELOADS))
  const starter = readStarter(join(config.webDist, MANIFEST))

  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      index: false,
      // A route per built file, found once at start: with a wildcard route, @fastify/static
      // lists every directory on the path on each request to check its spelling, which was the
      // busiest work a served page gave the server. The build does not change while it runs.
      wildcard: false,
      globIgnore: ['index.html', 'index.html.*'],
      preCompressed: true,
      cacheControl: false,
      // `.vite/` is the build's own: its manifest, the screen preloads, the first-screen renderer.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : REVALIDATE)
      },
    })
  }

  const sendDocument = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const runtime = runtimeConfigFor(config, realtimeKey, request)
    const json = JSON.stringify(runtime).replace(/</g, '\\u003c')
    // A waiter or a signed-in diner asks with token headers the browser's preload would not
    // carry; their answers may differ, so they get no preloads.
    const anonymous = !/(?:^|;\s*)(?:garcon_token|profile_token)=/.test(
      request.headers.cookie ?? '',
    )
    const screen =
      template && status === 200 && options.firstScreen
        ? await drawnMenu(request, options.firstScreen)
        : undefined
    // What the app needs: its scripts and its first data.
    const appPreloads =
      status === 200
        ? screenModulePreloads(request.url, screenChunks) +
          (anonymous ? dataPreloads(request.url, runtime.apiBase) : '')
        : ''
    const pictures =
      status === 200 && anonymous ? picturePreloads(request.url, options.firstPictures) : ''
    const html = !template
      ? notBuiltPage
      : screen
        ? withFirstScreen(insertAt(template, PLACEHOLDER, json), screen, {
            preloads: appPreloads + pictures,
            starter,
          })
        : insertAt(
            insertAt(template, PLACEHOLDER, json),
            '</head>',
            `${appPreloads}${pictures}</head>`,
          )
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .header(
        'content-security-policy',
        documentContentSecurityPolicy(runtime, screen?.styleHashes, config.mediaOrigins),
      )
      .send(html)
  }

  const page = { schema: { hide: true } }
  app.get('/', page, (request, reply) => sendDocument(request, reply, 200))
  app.get('/index.html', page, (request, reply) => sendDocument(request, reply, 200))
  // Other paths under /rest/ get the app too, with 404: it says "Page not found" (spec §8).
  app.get('/rest/*', page, (request, reply) =>
    sendDocument(request, reply, isAppRoute(request.url.split('?')[0] ?? '') ? 200 : 404),
  )
  // The built-in sandbox acquirer's hosted page is a screen of the app too, where it runs.
  if (config.payments.provider === 'sandbox') {
    app.get(`${SANDBOX_ACQUIRER_PAGE}/*`, page, (request, reply) =>
      sendDocument(request, reply, 200),
    )
  }
  app.get(RUNTIME_CONFIG_PATH, page, (request, reply) =>
    reply.header('cache-control', REVALIDATE).send(runtimeConfigFor(config, realtimeKey, request)),
  )

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url
    const isApi =
      path === config.apiBase || path.startsWith(`${config.apiBase}/`) || path.startsWith('/api/')
    const wantsPage =
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/assets/') &&
      (request.headers.accept ?? '').includes('text/html')
    if (wantsPage) return sendDocument(request, reply, 404)
    return reply
      .code(404)
      .send(errorResponse('not_found', `No such endpoint: ${request.method} ${path}`))
  })
}

/** The menu page's first screen, in the diner's chosen language or the restaurant's. */
async function drawnMenu(request: FastifyRequest, draw: DrawFirstScreen) {
  const path = request.url.split('?')[0] ?? ''
  const match = restaurantPage.exec(path)
  if (!match || match[2] !== 'menu' || match[0] !== path) return undefined
  try {
    return await draw(match[1] ?? '', request.url, chosenLanguage(request.headers.cookie))
  } catch (error) {
    // The app draws the screen anyway; the page must not fail for want of a head start.
    request.log.warn({ err: error }, 'Drawing the menu first screen failed')
    return undefined
  }
}

const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g
const APP_PRELOAD = /<link rel="(?:modulepreload|preload" as="fetch)"[^>]*>/g
const APP_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g

/**
 * Puts the drawing before the app's root, which stays hidden behind it until the app replaces
 * it (`.first-screen + #root` in the web app's base.css). The app's script, its preloads and
 * first data wait in an inert template until the drawing and its photos are on screen (the
 * build's second entry, `first-screen-start.ts`, makes them live): on a slow line they would
 * otherwise share it with the photos.
 */
function withFirstScreen(
  html: string,
  screen: FirstScreen,
  { preloads, starter }: { preloads: string; starter: string | undefined },
): string {
  if (!html.includes(ROOT)) return html
  const drawn = insertAt(
    insertAt(html, /<html(?: lang="[a-z-]+")?/, `<html lang="${screen.language}"`),
    ROOT,
    `<div id="${FIRST_SCREEN_ID}" class="first-screen">${screen.html}</div>${ROOT}`,
  )
  if (!starter) return insertAt(drawn, '</head>', `${preloads}</head>`)
  const app = [
    ...(html.match(APP_SCRIPT) ?? []),
    ...(html.match(MODULE_PRELOAD) ?? []),
    ...(preloads.match(APP_PRELOAD) ?? []),
  ].map((tag) => tag.trim())
  const pictures = preloads.replace(APP_PRELOAD, '')
  return insertAt(
    drawn.replace(APP_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    '</head>',
    `${pictures}<template id="${APP_PRELOADS_ID}">${app.join('')}</template>` +
      `<script type="module" crossorigin src="${encodeURI(starter)}"></script></head>`,
  )
}

/**
 * `text` with its first `search` replaced by `insert` as it is: a replacement string would
 * expand `$&`, `` $` `` and `$'` in a dish's or a restaurant's name into parts of the page.
 */
function insertAt(text: string, search: string | RegExp, insert: string): string {
  return text.replace(search, () => insert)
}

function readStarter(path: string): string | undefined {
  if (!existsSync(path)) return undefined
  const manifest: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (typeof manifest !== 'object' || manifest === null) return undefined
  const entry: unknown = Reflect.get(manifest, FIRST_SCREEN_START)
  const file: unknown = typeof entry === 'object' && entry !== null && Reflect.get(entry, 'file')
  return typeof file === 'string' ? `/${file}` : undefined
}

const restaurantPage = /^\/rest\/([a-z0-9][a-z0-9-]{0,62})(?:\/([a-z-]+))?/

export type ScreenChunks = Readonly<Record<string, readonly string[]>>

function readScreenChunks(path: string): ScreenChunks {
  if (!existsSync(path)) return {}
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
  if (typeof parsed !== 'object' || parsed === null) return {}
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string[]] =>
        Array.isArray(entry[1]) && entry[1].every((file) => typeof file === 'string'),
    ),
  )
}

/**
 * The scripts of the screen itself: route modules load lazily, so without these the browser
 * would only ask for them once `core` has run, one more round trip before the first paint.
 */
export function screenModulePreloads(url: string, screenChunks: ScreenChunks): string {
  const screen = restaurantPage.exec(url.split('?')[0] ?? '')?.[2]
  const files =
    screen !== undefined && Object.hasOwn(screenChunks, screen) ? screenChunks[screen] : []
  return (files ?? [])
    .map((href) => `<link rel="modulepreload" crossorigin href="${encodeURI(href)}">`)
    .join('')
}

/**
 * The API answers a diner's screen needs first, announced in the page itself so the browser
 * fetches them while the scripts are still loading, not after. The URLs are the ones the API
 * client asks for, so the preloads are used.
 */
export function dataPreloads(url: string, apiBase: string): string {
  const match = restaurantPage.exec(url.split('?')[0] ?? '')
  if (!match) return ''
  const [, restaurantId = '', screen] = match
  const base = `${apiBase.replace(/\/+$/, '')}/restaurants/${restaurantId}`
  const paths = [base]
  if (screen === 'menu' || screen === 'dishes' || screen === 'cart') paths.push(`${base}/menu`)
  if (screen === 'menu') paths.push(`${base}/stories`)
  return paths.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`).join('')
}

/** The menu's first photos (its largest paint), so the browser fetches them before any script asks. */
export function picturePreloads(url: string, firstPictures?: SpaOptions['firstPictures']): string {
  const [path = '', query = ''] = url.split('?')
  const match = restaurantPage.exec(path)
  if (match?.[2] !== 'menu' || !firstPictures) return ''
  const menuId = new URLSearchParams(query).get('menu')
  return firstPictures(match[1] ?? '', menuId)
    .map((href, i) => {
      const priority = i === 0 ? ' fetchpriority="high"' : ''
      // An uploaded photo: the file the card's <picture> will pick (decision 0065).
      const sources = photoSources(href)
      return sources
        ? `<link rel="preload" as="image" type="image/avif" imagesrcset="${sources.avif}" imagesizes="128px"${priority}>`
        : `<link rel="preload" as="image" href="${encodeURI(href)}"${priority}>`
    })
    .join('')
}
