import { describe, expect, it } from 'vitest'
import { loadRuntimeConfig, RuntimeConfigError } from './runtime-config'

const config = {
  apiBase: '/api/v1',
  environment: 'production',
  promoSiteUrl: null,
  testPayments: false,
  realtime: {
    key: 'k',
    host: '127.0.0.1',
    port: 3000,
    scheme: 'ws',
    cluster: 'mt1',
    authEndpoint: '/broadcasting/auth',
  },
}

function serving(body: unknown, status = 200) {
  const paths: string[] = []
  const fetch: typeof globalThis.fetch = (input) => {
    paths.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return Promise.resolve(new Response(JSON.stringify(body), { status }))
  }
  return { fetch, paths }
}

describe('runtime configuration', () => {
  it('reads the JSON the server embedded, without a request', async () => {
    const server = serving({})
    const loaded = await loadRuntimeConfig({
      embeddedText: JSON.stringify(config),
      fetch: server.fetch,
    })
    expect(loaded).toEqual(config)
    expect(server.paths).toEqual([])
  })

  it('fetches /runtime-config.json when the placeholder was not replaced', async () => {
    const server = serving({ ...config, environment: 'development' })
    const loaded = await loadRuntimeConfig({
      embeddedText: '<!--tableside:runtime-config-->',
      fetch: server.fetch,
    })
    expect(loaded.environment).toBe('development')
    expect(server.paths).toEqual(['/runtime-config.json'])
  })

  it('refuses an invalid config and says which field is wrong', async () => {
    const bad = JSON.stringify({ ...config, environment: 'staging' })
    await expect(loadRuntimeConfig({ embeddedText: bad })).rejects.toThrow(RuntimeConfigError)
    await expect(loadRuntimeConfig({ embeddedText: bad })).rejects.toThrow(/environment/)
  })

  it('refuses embedded text that is not JSON', async () => {
    await expect(loadRuntimeConfig({ embeddedText: '{apiBase:' })).rejects.toThrow(/does not parse/)
  })

  it('fails when the config document cannot be fetched', async () => {
    const server = serving({}, 503)
    await expect(loadRuntimeConfig({ embeddedText: '', fetch: server.fetch })).rejects.toThrow(
      /HTTP 503/,
    )
  })
})
