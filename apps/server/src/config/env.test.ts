import { describe, expect, it } from 'vitest'
import { defaultHubLimits } from '../features/realtime/hub'
import { ConfigError, loadConfig } from './env'

describe('configuration from the environment', () => {
  it('gives a working local app with no variables set', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: null,
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
    // Several nodes must share them: one that made its own would refuse the others' sockets.
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /REDIS_URL makes this node one of several: set the same REALTIME_APP_ID/,
    )
  })

  it('chooses the payment provider: PAYMENT_PROVIDER, else the sandbox only for development or the demo data', () => {
    const payments = (env: Record<string, string>) => loadConfig(env).payments
    // A server with the demo data: the sandbox, for the demo restaurant alone.
    expect(payments({})).toEqual({ provider: 'sandbox', demoOnly: true, chosenBy: 'DEMO_SEED' })
    // A restaurant's own server: no provider until one is configured.
    expect(payments({ DEMO_SEED: 'false' })).toEqual({
      provider: null,
      demoOnly: false,
      chosenBy: null,
    })
    expect(payments({ APP_ENV: 'development', DEMO_SEED: 'false' })).toEqual({
      provider: 'sandbox',
      demoOnly: false,
      chosenBy: 'APP_ENV',
    })
    // Said outright, it holds everywhere: production gets the sandbox only when asked for.
    expect(payments({ PAYMENT_PROVIDER: 'sandbox', DEMO_SEED: 'false' })).toEqual({
      provider: 'sandbox',
      demoOnly: false,
      chosenBy: 'PAYMENT_PROVIDER',
    })
    expect(payments({ PAYMENT_PROVIDER: 'none', APP_ENV: 'development' })).toEqual({
      provider: null,
      demoOnly: false,
      chosenBy: 'PAYMENT_PROVIDER',
    })
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/)
  })

  it("takes the demo restaurant's call escalation time within the schema's bounds", () => {
    expect(loadConfig({}).demoCallEscalationSeconds).toBeUndefined()
    expect(loadConfig({ DEMO_CALL_ESCALATION_SECONDS: '10' }).demoCallEscalationSeconds).toBe(10)
    for (const bad of ['9', '3601', '1.5', 'soon']) {
      expect(() => loadConfig({ DEMO_CALL_ESCALATION_SECONDS: bad })).toThrow(
        /DEMO_CALL_ESCALATION_SECONDS/,
      )
    }
  })

  it('keeps the report days warm hourly, a minute after start, unless told otherwise', () => {
    expect(loadConfig({}).reportWarm).toEqual({ firstAfterMs: 60_000, everyMs: 3_600_000 })
    expect(loadConfig({ REPORT_WARM_FIRST_MS: '0', REPORT_WARM_EVERY_MS: '0' }).reportWarm).toEqual(
      { firstAfterMs: 0, everyMs: 0 },
    )
    // A round every few milliseconds would be a mistake: refused, with what is allowed.
    expect(() => loadConfig({ REPORT_WARM_EVERY_MS: '5' })).toThrow(
      /REPORT_WARM_EVERY_MS.*0 \(off\)/s,
    )
    expect(() => loadConfig({ REPORT_WARM_FIRST_MS: '-1' })).toThrow(/REPORT_WARM_FIRST_MS/)
  })

  it('gives a request two minutes to arrive unless told otherwise, and never less than a second', () => {
    expect(loadConfig({}).requestTimeoutMs).toBe(120_000)
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '30000' }).requestTimeoutMs).toBe(30_000)
    for (const value of ['0', '999', 'soon', '3600001']) {
      expect(() => loadConfig({ REQUEST_TIMEOUT_MS: value }), value).toThrow(/REQUEST_TIMEOUT_MS/)
    }
  })

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000)
  })

  it('trusts a number of proxies or their addresses, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '::1',
      'loopback',
    ])
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/every hop.*TRUST_PROXY=1/s)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example.com' })).toThrow(/TRUST_PROXY/)
  })

  it('takes addresses and CIDR ranges exempt from rate limits', () => {
    expect(loadConfig({}).rateLimitExempt).toEqual([])
    expect(loadConfig({ RATE_LIMIT_EXEMPT: '127.0.0.1, ::1,10.0.0.0/8' }).rateLimitExempt).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ])
    expect(() => loadConfig({ RATE_LIMIT_EXEMPT: 'loopback' })).toThrow(/RATE_LIMIT_EXEMPT/)
  })

  it('takes media origins as https origins only', () => {
    expect(loadConfig({}).mediaOrigins).toEqual([])
    expect(
      loadConfig({ MEDIA_ORIGINS: 'https://images.example.com, https://cdn.example.net:8443' })
        .mediaOrigins,
    ).toEqual(['https://images.example.com', 'https://cdn.example.net:8443'])
    for (const bad of ['http://images.example.com', 'https://images.example.com/menu', '*']) {
      expect(() => loadConfig({ MEDIA_ORIGINS: bad })).toThrow(/MEDIA_ORIGINS/)
    }
  })

  it("gives the hub Pusher's limits by default and takes each from its variable", () => {
    const defaults = loadConfig({}).realtime.limits
    expect(defaults).toEqual({
      maxConnections: defaultHubLimits.maxConnections,
      maxConnectionsPerAddress: defaultHubLimits.maxConnectionsPerAddress,
      maxChannelsPerConnection: defaultHubLimits.maxChannelsPerConnection,
      maxMessageBytes: 10_240,
      clientEventsPerSecond: 10,
      maxChannelNameLength: 200,
      maxPresenceMembers: 100,
    })
    const limits = loadConfig({
      REALTIME_MAX_CONNECTIONS: '1000',
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '20',
      REALTIME_MAX_CHANNELS_PER_CONNECTION: '30',
      REALTIME_MAX_EVENT_BYTES: '4096',
      REALTIME_CLIENT_EVENTS_PER_SECOND: '5',
      REALTIME_MAX_CHANNEL_NAME_LENGTH: '120',
      REALTIME_MAX_PRESENCE_MEMBERS: '50',
    }).realtime.limits
    expect(limits).toEqual({
      maxConnections: 1000,
      maxConnectionsPerAddress: 20,
      maxChannelsPerConnection: 30,
      maxMessageBytes: 4096,
      clientEventsPerSecond: 5,
      maxChannelNameLength: 120,
      maxPresenceMembers: 50,
    })
    expect(() => loadConfig({ REALTIME_MAX_CHANNELS_PER_CONNECTION: '0' })).toThrow(
      /REALTIME_MAX_CHANNELS_PER_CONNECTION/,
    )
  })
})
