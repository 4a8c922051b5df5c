import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './env'

describe('configuration from the environment', () => {
  it('gives a working local app with no variables set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      environment: 'production',
      apiBase: '/api/v1',
      demoSeed: true,
      promoSiteUrl: null,
      realtime: {
        driver: 'hub',
        redisUrl: null,
        key: undefined,
        host: null,
        port: null,
        scheme: null,
        cluster: 'mt1',
      },
    })
    expect(config.database).toEqual({ kind: 'pglite', dataDir: config.dataDir })
    expect(config.dataDir).toMatch(/\/data$/)
  })

  it('uses a PostgreSQL server when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db:5432/tableside' })
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/tableside' })
  })

  it('lists every invalid variable at once', () => {
    expect(() => loadConfig({ PORT: 'eighty', APP_ENV: 'staging', DEMO_SEED: 'maybe' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', APP_ENV: 'staging', DEMO_SEED: 'maybe' })
    } catch (error) {
      const message = error instanceof Error ? error.message : ''
      expect(message).toMatch(/PORT/)
      expect(message).toMatch(/APP_ENV/)
      expect(message).toMatch(/DEMO_SEED/)
    }
  })

  it('takes realtime credentials all together or not at all', () => {
    expect(() => loadConfig({ REALTIME_APP_KEY: 'only-the-key' })).toThrow(/go together/)
    expect(() => loadConfig({ REALTIME_DRIVER: 'pusher' })).toThrow(/needs REALTIME_APP_ID/)
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })
})
