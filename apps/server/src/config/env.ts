import { resolve } from 'node:path'
import * as z from 'zod/mini'
import { environment } from '@tableside/contracts/runtime-config'
import { defaultWebDist } from '../paths'

const port = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535))
const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
)
const optionalText = z.optional(z.string().check(z.trim(), z.minLength(1)))

/** Every environment variable the server reads; the README's configuration table mirrors it. */
const envSchema = z.object({
  PORT: z._default(port, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '127.0.0.1'),
  PUBLIC_URL: z.optional(z.url()),
  APP_ENV: z._default(environment, 'production'),
  LOG_LEVEL: z._default(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'info',
  ),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  DATABASE_URL: optionalText,
  DEMO_SEED: z._default(flag, true),
  TRUST_PROXY: z._default(flag, false),
  API_BASE: z._default(z.string().check(z.regex(/^\/[a-z0-9/_-]*[a-z0-9]$/)), '/api/v1'),
  BODY_LIMIT_BYTES: z._default(z.coerce.number().check(z.int(), z.minimum(1024)), 262_144),
  PROMO_SITE_URL: z.optional(z.url()),
  MENU_CHECK_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100)), 2000),
  WEB_DIST: optionalText,
  REALTIME_DRIVER: z._default(z.enum(['hub', 'pusher']), 'hub'),
  REALTIME_APP_ID: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  REALTIME_APP_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/))),
  REALTIME_APP_SECRET: z.optional(z.string().check(z.minLength(8), z.maxLength(128))),
  REDIS_URL: z.optional(z.url()),
  REALTIME_HOST: optionalText,
  REALTIME_PORT: z.optional(port),
  REALTIME_SCHEME: z.optional(z.enum(['ws', 'wss'])),
  REALTIME_CLUSTER: z._default(z.string().check(z.minLength(1)), 'mt1'),
  SANDBOX_ACQUIRER_SECRET: z.optional(z.string().check(z.minLength(32), z.maxLength(256))),
})

export interface ServerConfig {
  port: number
  host: string
  publicUrl: string
  environment: 'production' | 'development'
  logLevel: string
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }
  dataDir: string
  demoSeed: boolean
  trustProxy: boolean
  apiBase: string
  bodyLimitBytes: number
  promoSiteUrl: string | null
  /** How often the server looks for menu changes made by other nodes or the menu CLI. */
  menuCheckIntervalMs: number
  webDist: string
  /** Signs the sandbox acquirer's webhooks; generated into the data directory when unset. */
  sandboxAcquirerSecret: string | undefined
  realtime: {
    /** `hub`: the built-in hub (across nodes through Redis when `redisUrl` is set); `pusher`: an external service. */
    driver: 'hub' | 'pusher'
    redisUrl: string | null
    appId: string | undefined
    key: string | undefined
    secret: string | undefined
    /** Unset: the browser connects to the host and port it loaded the page from. */
    host: string | null
    port: number | null
    scheme: 'ws' | 'wss' | null
    cluster: string
  }
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = z.safeParse(envSchema, present)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const e = parsed.data
  const credentials = [e.REALTIME_APP_ID, e.REALTIME_APP_KEY, e.REALTIME_APP_SECRET]
  const credentialCount = credentials.filter(Boolean).length
  if (credentialCount !== 0 && credentialCount !== 3) {
    throw new ConfigError(
      'Invalid configuration:\n  REALTIME_APP_ID, REALTIME_APP_KEY and REALTIME_APP_SECRET go together: set all three or none',
    )
  }
  if (e.REALTIME_DRIVER === 'pusher' && credentialCount === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  REALTIME_DRIVER=pusher needs REALTIME_APP_ID, REALTIME_APP_KEY and REALTIME_APP_SECRET',
    )
  }
  const dataDir = resolve(e.DATA_DIR)
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    environment: e.APP_ENV,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir },
    dataDir,
    demoSeed: e.DEMO_SEED,
    trustProxy: e.TRUST_PROXY,
    apiBase: e.API_BASE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    promoSiteUrl: e.PROMO_SITE_URL ?? null,
    menuCheckIntervalMs: e.MENU_CHECK_INTERVAL_MS,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    sandboxAcquirerSecret: e.SANDBOX_ACQUIRER_SECRET,
    realtime: {
      driver: e.REALTIME_DRIVER,
      redisUrl: e.REDIS_URL ?? null,
      appId: e.REALTIME_APP_ID,
      key: e.REALTIME_APP_KEY,
      secret: e.REALTIME_APP_SECRET,
      host: e.REALTIME_HOST ?? null,
      port: e.REALTIME_PORT ?? null,
      scheme: e.REALTIME_SCHEME ?? null,
      cluster: e.REALTIME_CLUSTER,
    },
  }
}
