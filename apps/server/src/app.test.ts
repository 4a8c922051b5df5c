import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { restaurantMenu } from '@tableside/contracts/menu'
import { restaurant } from '@tableside/contracts/restaurants'
import { createTestApp, type TestApp } from './test/test-app'
import { postgresSkipReason, testDatabaseKinds } from './test/test-database'

describe.each(testDatabaseKinds)('API on $name', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, {}, (app) => {
      app.get('/api/v1/test-only/boom', () => {
        throw new Error('connection to 10.0.0.7 failed: password for user "tableside" is wrong')
      })
    })
  })
  afterAll(async () => {
    await t.close()
  })

  it('answers health once the database answers', async () => {
    const response = await t.app.inject('/api/v1/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' })
  })

  it('serves the demo restaurant profile', async () => {
    const response = await t.app.inject('/api/v1/restaurants/demo')
    expect(response.statusCode).toBe(200)
    const profile = restaurant.parse(response.json())
    expect(profile).toMatchObject({
      id: 'demo',
      name: 'Бистро «Самовар»',
      locale: 'ru-RU',
      defaultLanguage: 'ru',
      currency: 'RUB',
      timezone: 'Europe/Moscow',
    })
    expect(profile.openingHours).toHaveLength(7)
    expect(profile.settings.orderTypes).toEqual(['dine_in', 'delivery', 'pickup', 'preorder'])
  })

  it('seeds the demo menu through the import, ready to serve', async () => {
    const response = await t.app.inject('/api/v1/restaurants/demo/menu')
    expect(response.statusCode).toBe(200)
    const menu = restaurantMenu.parse(response.json())
    expect(menu.menus.map((m) => m.id)).toEqual(
      expect.arrayContaining(['main', 'bar', 'breakfast']),
    )
    expect(menu.dishes.length).toBeGreaterThanOrEqual(40)
    expect(
      menu.dishes
        .filter((d) => !d.available)
        .map((d) => d.id)
        .sort(),
    ).toEqual(['ptichye-moloko', 'shchi'])
    const photo = menu.dishes[0]?.photo?.url ?? ''
    const image = await t.app.inject(photo)
    expect(image.statusCode).toBe(200)
    // Stored as an uploaded photo is (decision 0164).
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['cache-control']).toMatch(/max-age=86400/)
  })

  it('answers 404 in the error shape for an unknown restaurant', async () => {
    const response = await t.app.inject('/api/v1/restaurants/nowhere')
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'This restaurant does not exist.' },
    })
  })

  it('refuses params that break the contract with the offending field', async () => {
    const response = await t.app.inject('/api/v1/restaurants/Not%20An%20Id')
    expect(response.statusCode).toBe(400)
    const body = errorBody.parse(response.json())
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fields?.map((f) => f.path)).toEqual(['params.restaurantId'])
  })

  it('refuses a body that breaks the contract, naming every bad field, and logs nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      payload: { kind: 'meltdown', instanceId: 'i', buildId: 'b', path: '/', message: 42 },
    })
    expect(response.statusCode).toBe(400)
    const body = errorBody.parse(response.json())
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.fields?.map((f) => f.path).sort()).toEqual(['body.kind', 'body.message'])
  })

  it('accepts a well-formed client error report', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      remoteAddress: '192.0.2.10',
      payload: {
        kind: 'startup',
        instanceId: 'i-1',
        buildId: 'b-1',
        path: '/rest/demo',
        message: 'x',
      },
    })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ status: 'received' })
  })

  it('rate-limits error reports per address', async () => {
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/client-errors',
        remoteAddress: '192.0.2.99',
        payload: { kind: 'render', instanceId: 'i', buildId: 'b', path: '/', message: 'again' },
      })
    const statuses: number[] = []
    for (let i = 0; i < 61; i++) statuses.push((await report()).statusCode)
    expect(statuses.slice(0, 60).every((s) => s === 202)).toBe(true)
    expect(statuses[60]).toBe(429)
  })

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: '{"kind": ',
    })
    expect(malformed.statusCode).toBe(400)
    expect(errorBody.parse(malformed.json()).error.code).toBe('validation_failed')

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/v1/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(t.config.bodyLimitBytes) }),
    })
    expect(huge.statusCode).toBe(413)
    expect(errorBody.parse(huge.json()).error.code).toBe('payload_too_large')
  })

  it('answers unknown API routes with 404 JSON, even when the client asks for HTML', async () => {
    const response = await t.app.inject({
      url: '/api/v1/no-such-thing',
      headers: { accept: 'text/html' },
    })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/json/)
    expect(errorBody.parse(response.json()).error.code).toBe('not_found')
  })

  it('never shows internals in a 5xx', async () => {
    const response = await t.app.inject('/api/v1/test-only/boom')
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({
      error: {
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      },
    })
    expect(response.body).not.toMatch(/10\.0\.0\.7|password|stack/)
  })

  it('sends security headers with a same-origin Content Security Policy', async () => {
    const response = await t.app.inject('/api/v1/health')
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
    for (const url of [
      '/api/v1/restaurants/demo/menu',
      '/api/v1/nowhere',
      '/api/v1/restaurants/BAD',
    ]) {
      const other = await t.app.inject(url)
      expect(other.headers['x-content-type-options']).toBe('nosniff')
      expect(other.headers['cross-origin-resource-policy']).toBe('same-origin')
    }
  })

  it('compresses larger responses for clients that accept it', async () => {
    const response = await t.app.inject({
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
  })

  it('publishes OpenAPI generated from the contract descriptors, and a docs page', async () => {
    const spec = await t.app.inject('/api/openapi.json')
    expect(spec.statusCode).toBe(200)
    const document: unknown = spec.json()
    expect(document).toMatchObject({
      openapi: '3.1.0',
      paths: {
        '/api/v1/health': { get: { tags: ['system'] } },
        '/api/v1/restaurants/{restaurantId}': {
          get: { parameters: [{ name: 'restaurantId', in: 'path' }] },
        },
        '/api/v1/client-errors': { post: { tags: ['system'] } },
      },
    })
    const docs = await t.app.inject('/api/docs/')
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-type']).toMatch(/text\/html/)
  })
})

if (postgresSkipReason) {
  describe.skip(`API on PostgreSQL server (skipped: ${postgresSkipReason})`, () => {
    it('runs the same suite against a PostgreSQL server', () => undefined)
  })
}
