import { describe, expect, it } from 'vitest'
import { safeParse } from 'zod/mini'
import * as contract from '@tableside/contracts/runtime-config'
import {
  loadRuntimeConfig,
  parseRuntimeConfig,
  RUNTIME_CONFIG_ELEMENT_ID,
  RUNTIME_CONFIG_PATH,
  RuntimeConfigError,
} from './runtime-config'

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

describe('the check by hand (decision 0124)', () => {
  const accepts = (value: unknown) => {
    try {
      return { ok: true, value: parseRuntimeConfig(value) }
    } catch (error) {
      expect(error).toBeInstanceOf(RuntimeConfigError)
      return { ok: false }
    }
  }
  const byContract = (value: unknown) => {
    const parsed = safeParse(contract.runtimeConfig, value)
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false }
  }
  const wrongs: unknown[] = [null, 'x', 1, true, [], undefined, {}, { port: 1 }, '3000', NaN]

  it("takes and refuses what the contract's schema does, field by field", () => {
    const cases: unknown[] = [config, { ...config, extra: 1 }, [], null, 'config']
    for (const name of Object.keys(config)) {
      for (const wrong of wrongs) cases.push({ ...config, [name]: wrong })
      cases.push(Object.fromEntries(Object.entries(config).filter(([key]) => key !== name)))
    }
    for (const name of Object.keys(config.realtime)) {
      for (const wrong of wrongs)
        cases.push({ ...config, realtime: { ...config.realtime, [name]: wrong } })
    }
    cases.push({ ...config, promoSiteUrl: 'https://example.com', environment: 'development' })
    cases.push({ ...config, realtime: { ...config.realtime, scheme: 'wss', extra: 1 } })
    for (const value of cases)
      expect(accepts(value), JSON.stringify(value)).toEqual(byContract(value))
  })

  it('names where the config lives as the contract does', () => {
    expect(RUNTIME_CONFIG_ELEMENT_ID).toBe(contract.RUNTIME_CONFIG_ELEMENT_ID)
    expect(RUNTIME_CONFIG_PATH).toBe(contract.RUNTIME_CONFIG_PATH)
  })
})
