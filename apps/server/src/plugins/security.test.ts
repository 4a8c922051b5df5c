import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'
import { testDatabaseKinds } from '../test/test-database'

const [pglite] = testDatabaseKinds
if (!pglite) throw new Error('PGlite is always among the test databases')

/**
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster apply to potentially trustworthy
 * origins only; on plain http at a LAN address or name Chromium ignores them and says so in
 * the console on every page.
 */
describe('Security headers by the origin the page was reached at', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(pglite, { TRUST_PROXY: '1' })
  })
  afterAll(async () => {
    await t.close()
  })
  const headersAt = async (host: string, proto?: string) =>
    (
      await t.app.inject({
        url: '/api/v1/health',
        headers: { host, ...(proto ? { 'x-forwarded-proto': proto } : {}) },
      })
    ).headers

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'menu.localhost'])(
    'sends them at %s over http',
    async (host) => {
      const headers = await headersAt(host)
      expect(headers['cross-origin-opener-policy']).toBe('same-origin')
      expect(headers['origin-agent-cluster']).toBe('?1')
    },
  )

  it('sends them over https at any name', async () => {
    const headers = await headersAt('bistro.example', 'https')
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(headers['origin-agent-cluster']).toBe('?1')
  })

  it.each(['192.168.1.20:3000', 'tableside.test:3000', 'bistro.lan'])(
    'leaves them out at %s over plain http, and keeps the rest',
    async (host) => {
      const headers = await headersAt(host)
      expect(headers['cross-origin-opener-policy']).toBeUndefined()
      expect(headers['origin-agent-cluster']).toBeUndefined()
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['cross-origin-resource-policy']).toBe('same-origin')
      expect(headers['content-security-policy']).toContain("default-src 'self'")
    },
  )
})
