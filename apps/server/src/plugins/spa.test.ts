import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { runtimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from '@tableside/contracts/runtime-config'
import { createTestRestaurant, testMenuFile } from '../features/menu/test-menu-file'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always available')

/** A built web app in miniature: the same files and names the Vite build emits. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tableside-web-'))
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'builds'))
  writeFileSync(
    join(dir, 'index.html'),
    `<!doctype html><html lang="ru"><head><script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}"><!--tableside:runtime-config--></script>` +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  )
  const js = `console.log(${JSON.stringify('x'.repeat(4000))})`
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js)
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js))
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js))
  mkdirSync(join(dir, '.vite'))
  writeFileSync(
    join(dir, '.vite', 'screen-preloads.json'),
    JSON.stringify({ menu: ['/assets/restaurant-r1.js', '/assets/menu-m1.js'] }),
  )
  // The renderer the web build emits draws with React; this one shows what it was given,
  // escaped as React escapes text.
  mkdirSync(join(dir, '.vite', 'first-screen'))
  writeFileSync(
    join(dir, '.vite', 'first-screen', 'first-screen.mjs'),
    `const text = (s) => s.replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';')
    export function renderFirstScreen(input) {
      globalThis.firstScreenDrawings = (globalThis.firstScreenDrawings ?? 0) + 1
      return '<h1 style="color:red">' + text(input.restaurant.name) + '</h1><p>' +
        [input.language, input.url, input.menu.version, input.hasStories].join(' ') + '</p>'
    }`,
  )
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/first-screen-start.ts': { file: 'assets/first-screen-start-s1.js', isEntry: true },
    }),
  )
  writeFileSync(join(dir, 'latest.json'), '{"buildId":"b1","builtAt":"2026-11-21T00:00:00.000Z"}')
  writeFileSync(join(dir, 'builds', 'b1.json'), '{"buildId":"b1"}')
  return dir
}

function embeddedConfig(html: string): unknown {
  const match = new RegExp(`id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)
  if (!match?.[1]) throw new Error('no runtime config in the document')
  return JSON.parse(match[1])
}

describe('serving the web app', () => {
  let t: TestApp
  let pinned: TestApp
  let webDist: string
  beforeAll(async () => {
    webDist = fakeWebDist()
    t = await createTestApp(pglite, {
      WEB_DIST: webDist,
      PROMO_SITE_URL: 'https://tableside.example/',
      MEDIA_ORIGINS: 'https://images.bistro.example,https://cdn.example.net:8443',
    })
    pinned = await createTestApp(pglite, {
      WEB_DIST: webDist,
      APP_ENV: 'development',
      REALTIME_HOST: 'rt.example.com',
      REALTIME_PORT: '6001',
      REALTIME_SCHEME: 'wss',
      REALTIME_APP_ID: '7',
      REALTIME_APP_KEY: 'pinned-key',
      REALTIME_APP_SECRET: 'pinned-secret',
    })
  })
  afterAll(async () => {
    await t.close()
    await pinned.close()
    rmSync(webDist, { recursive: true, force: true })
  })

  it.each(['/', '/rest/demo/menu', '/rest/demo/order/42/pay', '/index.html'])(
    'answers %s with the app, never cached, runtime config filled in at request time',
    async (url) => {
      const response = await t.app.inject({ url, headers: { host: 'table.local:8080' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/text\/html/)
      expect(response.headers['cache-control']).toMatch(/no-store/)
      expect(response.body).not.toContain('<!--tableside:runtime-config-->')
      expect(runtimeConfig.parse(embeddedConfig(response.body))).toEqual({
        apiBase: '/api/v1',
        environment: 'production',
        promoSiteUrl: 'https://tableside.example/',
        testPayments: true,
        realtime: {
          key: 'test-app-key',
          host: 'table.local',
          port: 8080,
          scheme: 'ws',
          cluster: 'mt1',
          authEndpoint: '/broadcasting/auth',
        },
      })
      expect(response.headers['content-security-policy']).toContain(
        "connect-src 'self' ws://table.local:8080",
      )
      expect(response.headers['content-security-policy']).toContain("script-src 'self';")
      // The restaurant's image hosts (MEDIA_ORIGINS), so imported photos show; no others.
      expect(response.headers['content-security-policy']).toContain(
        "img-src 'self' data: blob: https://images.bistro.example https://cdn.example.net:8443;",
      )
    },
  )

  it('announces the API answers a screen needs first, so they load alongside the scripts', async () => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
        (m) => m[1],
      )
    await t.app.inject('/api/v1/restaurants/demo/menu') // pictures are named once the menu is held
    const menu = await t.app.inject('/rest/demo/menu?dish=borscht')
    expect(links(menu.body)).toEqual([
      '/api/v1/restaurants/demo',
      '/api/v1/restaurants/demo/menu',
      '/api/v1/restaurants/demo/stories',
    ])
    // The demo's pictures are stored as uploaded photos are: the card's AVIF sizes (decision 0164).
    const pictures = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="preload" as="image" type="image\/avif" imagesrcset="([^"]+)" imagesizes="128px"/g,
        ),
      ].map((m) => m[1])
    const [first, second] = pictures(menu.body)
    expect(first).toMatch(/^\/media\/demo\/[a-z0-9-]+\/320\.avif 320w, .+ 960w$/)
    expect(second).toMatch(/^\/media\/demo\/[a-z0-9-]+\/320\.avif 320w, .+ 960w$/)
    expect(menu.body).toContain(
      `imagesrcset="${String(first)}" imagesizes="128px" fetchpriority="high">`,
    )
    const bar = await t.app.inject('/rest/demo/menu?menu=bar')
    expect(pictures(bar.body)[0]).not.toBe(first)
    const waiter = await t.app.inject({
      url: '/rest/demo/menu',
      headers: { cookie: 'lang=ru; garcon_token=g-1' },
    })
    expect(links(waiter.body)).toEqual([])
    const call = await t.app.inject('/rest/demo/call')
    expect(links(call.body)).toEqual(['/api/v1/restaurants/demo'])
    expect(links((await t.app.inject('/')).body)).toEqual([])
    const missing = await t.app.inject({ url: '/nowhere', headers: { accept: 'text/html' } })
    expect(links(missing.body)).toEqual([])
  })

  it("names the screen's own chunks for the browser to fetch beside the entry's", async () => {
    const modules = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    const menu = ['/assets/restaurant-r1.js', '/assets/menu-m1.js']
    expect(modules((await t.app.inject('/rest/demo/menu?table=T1')).body)).toEqual(menu)
    const waiter = await t.app.inject({
      url: '/rest/demo/menu',
      headers: { cookie: 'garcon_token=g-1' },
    })
    expect(modules(waiter.body)).toEqual(menu)
    expect(modules((await t.app.inject('/rest/demo/cart')).body)).toEqual([])
    expect(modules((await t.app.inject('/rest/demo/constructor')).body)).toEqual([])
    expect(modules((await t.app.inject('/')).body)).toEqual([])
  })

  it("draws the menu's first screen into the page, in the diner's language, before the app's root", async () => {
    const drawing = (html: string) =>
      /<div id="first-screen" class="first-screen">(.*?)<\/div><div id="root"><\/div>/.exec(
        html,
      )?.[1]
    const restaurant = (await t.app.inject('/api/v1/restaurants/demo')).json<{
      name: string
      defaultLanguage: string
    }>()
    const version = (await t.app.inject('/api/v1/restaurants/demo/menu')).json<{
      version: string
    }>().version
    const page = await t.app.inject('/rest/demo/menu?table=T1&menu=nowhere')
    expect(drawing(page.body)).toBe(
      `<h1 style="color:red">${restaurant.name}</h1>` +
        `<p>${restaurant.defaultLanguage} /rest/demo/menu ${version} true</p>`,
    )
    expect(page.body).toContain(`<html lang="${restaurant.defaultLanguage}"`)
    // Exactly its own style attribute is allowed, and still no inline script.
    const hash = createHash('sha256').update('color:red').digest('base64')
    expect(page.headers['content-security-policy']).toContain(
      `style-src 'self' 'unsafe-hashes' 'sha256-${hash}';`,
    )
    expect(page.headers['content-security-policy']).toContain("script-src 'self';")
    // The app's script and first requests wait in an inert template for the drawing to show.
    const held = /<template id="app-preloads">(.*?)<\/template>/.exec(page.body)?.[1] ?? ''
    expect(held).toContain('<script type="module" src="/assets/index-abc123.js"></script>')
    expect(held).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-m1.js">')
    expect(held).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/v1/restaurants/demo/menu">',
    )
    expect(page.body.replace(held, '')).not.toMatch(/modulepreload|index-abc123|as="fetch"/)
    expect(page.body).toContain(
      '<script type="module" crossorigin src="/assets/first-screen-start-s1.js"></script></head>',
    )

    const english = await t.app.inject({
      url: '/rest/demo/menu?menu=bar',
      headers: { cookie: 'garcon_token=g-1; tableside_language=en' },
    })
    expect(drawing(english.body)).toContain(`<p>en /rest/demo/menu?menu=bar ${version} true</p>`)
    expect(english.body).toContain('<html lang="en"')

    // One drawing per menu version, language and menu, whoever asks.
    const before = Number(Reflect.get(globalThis, 'firstScreenDrawings'))
    await t.app.inject('/rest/demo/menu')
    await t.app.inject({ url: '/rest/demo/menu', headers: { cookie: 'tableside_language=xx' } })
    expect(Number(Reflect.get(globalThis, 'firstScreenDrawings'))).toBe(before)

    for (const url of ['/rest/demo/cart', '/rest/demo/menu/x', '/rest/nowhere/menu', '/']) {
      const other = await t.app.inject(url)
      expect(drawing(other.body), url).toBeUndefined()
      expect(other.headers['content-security-policy']).toContain("style-src 'self';")
      expect(other.body, url).toContain(
        '<script type="module" src="/assets/index-abc123.js"></script>',
      )
      expect(other.body, url).not.toContain('first-screen-start')
    }
  })

  it('puts what it drew into the page as it is: "$&", "$`", "$\'", "$1", "</script>" and "<!--" stay text', async () => {
    // A name with what `String.replace` would expand in a replacement string, what ends a
    // script and what starts a comment. Every other drawn text is the e2e story `drawn-page`'s.
    const name = "Салат $& дня $` и $' $1 $<x> </script><script>alert(1)</script> <!--"
    await createTestRestaurant(t.database.db, 'dollars')
    await t.database.db
      .updateTable('restaurants')
      .set({ name })
      .where('id', '=', 'dollars')
      .execute()
    await t.menu.importMenu('dollars', testMenuFile())
    const page = await t.app.inject('/rest/dollars/menu')
    expect(page.statusCode).toBe(200)
    const escaped = name.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`)
    expect(page.body).toContain(`<h1 style="color:red">${escaped}</h1>`)
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1)
    expect(page.body.match(/<\/head>/g)).toHaveLength(1)
    expect(page.body.match(/<!--/g)).toBeNull()
    // The scripts of a page whose restaurant's name is plain, no more.
    const plain = await t.app.inject('/rest/demo/menu')
    const scripts = (html: string) => html.match(/<script\b[^>]*>/g)
    expect(scripts(page.body)).toEqual(scripts(plain.body))
    expect(runtimeConfig.parse(embeddedConfig(page.body))).toEqual(
      runtimeConfig.parse(embeddedConfig(plain.body)),
    )
  })

  it("never serves the build's own files (.vite/: manifest, renderer)", async () => {
    for (const file of ['first-screen/first-screen.mjs', 'screen-preloads.json']) {
      const response = await t.app.inject({ url: `/.vite/${file}`, headers: { accept: '*/*' } })
      expect(response.statusCode).toBe(404)
    }
  })

  it('uses the configured realtime settings when they are set', async () => {
    const response = await pinned.app.inject('/rest/demo/menu')
    expect(embeddedConfig(response.body)).toMatchObject({
      environment: 'development',
      realtime: { key: 'pinned-key', host: 'rt.example.com', port: 6001, scheme: 'wss' },
    })
    expect(response.headers['content-security-policy']).toContain('wss://rt.example.com:6001')
  })

  it('refuses a hostile Host header before it could reach the embedded config', async () => {
    const response = await t.app.inject({
      url: '/',
      headers: { host: '</script><script>alert(1)' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).not.toContain('<script>alert(1)')
    expect(errorBody.parse(response.json()).error.code).toBe('bad_request')
  })

  it('serves the same config as a document for clients that need it', async () => {
    const response = await t.app.inject({
      url: '/runtime-config.json',
      headers: { host: 'a.b:3000' },
    })
    expect(response.statusCode).toBe(200)
    expect(runtimeConfig.parse(response.json()).realtime).toMatchObject({ host: 'a.b', port: 3000 })
  })

  /** A browser asking for `url`, a page nothing in the app shows, gets the app and a 404. */
  const expectTheAppWith404 = async (url: string) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/text\/html/)
    expect(embeddedConfig(response.body)).toMatchObject({ apiBase: '/api/v1' })
  }

  it('shows the app with a 404 status for an unknown page, so it can say "Page not found"', async () => {
    await expectTheAppWith404('/no/such/page')
  })

  it.each([
    '/rest/demo/nope',
    '/rest/demo/menu/extra',
    '/rest/demo/order/42/receipt',
    '/rest/demo/garcon/nope',
    '/rest/demo',
    '/rest',
  ])('answers %s, no screen of the app, with the app and 404', async (url) => {
    await expectTheAppWith404(url)
  })

  it.each([
    '/rest/demo/init?table=abc',
    '/rest/demo/menu',
    '/rest/demo/menu/',
    '/rest/demo/dishes/1',
    '/rest/demo/cart',
    '/rest/demo/order',
    '/rest/demo/order/42',
    '/rest/demo/order/42/pay',
    '/rest/demo/order/42/success?payment=1',
    '/rest/demo/order/42/fail',
    '/rest/demo/orders',
    '/rest/demo/bill',
    '/rest/demo/call?reason=bill',
    '/rest/demo/favorites',
    '/rest/demo/history',
    '/rest/demo/client',
    '/rest/demo/client/auth',
    '/rest/demo/garcon',
    '/rest/demo/garcon/profile',
    '/rest/demo/garcon/select-tables',
    '/rest/demo/garcon/tips',
    '/rest/demo/garcon/bonus-card',
    '/sandbox-acquirer/pay/sbx_000000000000000000000000',
  ])('answers %s, a screen of the app, with 200', async (url) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
  })

  it('serves hashed assets precompressed and cached for good', async () => {
    const response = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain('console.log')
  })

  it('revalidates the build files every time', async () => {
    for (const url of ['/latest.json', '/builds/b1.json']) {
      const response = await t.app.inject(url)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
    }
  })

  it("serves the demo's pictures, cached for a day, and nothing beside them", async () => {
    const cached = 'public, max-age=86400, stale-while-revalidate=604800'
    // The photo files the menu names (decision 0164), in both formats.
    for (const [url, type] of [
      ['/media/demo/borscht/320.avif', 'image/avif'],
      ['/media/demo/borscht/640.webp', 'image/webp'],
    ]) {
      const photo = await t.app.inject(url ?? '')
      expect(photo.statusCode, url).toBe(200)
      expect(photo.headers['content-type'], url).toBe(type)
      expect(photo.headers['cache-control'], url).toBe(cached)
    }
    // The drawing an older release's menu names.
    const picture = await t.app.inject('/media/demo/borscht.svg')
    expect(picture.statusCode).toBe(200)
    expect(picture.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(picture.headers['cache-control']).toBe(cached)
    expect(picture.body).toContain('<svg')
    for (const url of [
      '/media/demo/no-such-dish.svg',
      '/media/demo/borscht/1280.webp',
      '/media/demo/borscht/',
      '/media/demo/borscht/../../package.json',
      '/media/demo/../package.json',
      '/media/demo/%2e%2e/package.json',
      '/media/demo/',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'image/*' } })
      expect(response.statusCode, url).toBe(404)
      expect(response.body, url).not.toContain('"name"')
    }
  })

  it('answers a missing asset with a 404, not with the app', async () => {
    const response = await t.app.inject({
      url: '/assets/index-gone99.js',
      headers: { accept: 'text/html,*/*' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
  })
})
