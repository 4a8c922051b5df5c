import { isIP } from 'node:net'
import { resolve } from 'node:path'
import * as z from 'zod/mini'
import { environment } from '@tableside/contracts/runtime-config'
import { parseSecretsKey } from '../lib/secret-box'
import { defaultWebDist } from '../paths'

const port = z.coerce.number().check(z.int(), z.minimum(1), z.maximum(65535))
const flag = z.pipe(
  z.enum(['true', 'false', '1', '0', 'yes', 'no']),
  z.transform((value) => value === 'true' || value === '1' || value === 'yes'),
)
const optionalText = z.optional(z.string().check(z.trim(), z.minLength(1)))
const count = (fallback: number) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1)), fallback)

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
  DEMO_CALL_ESCALATION_SECONDS: z.optional(
    z.coerce.number().check(z.int(), z.minimum(10), z.maximum(3600)),
  ),
  TRUST_PROXY: optionalText,
  API_BASE: z._default(z.string().check(z.regex(/^\/[a-z0-9/_-]*[a-z0-9]$/)), '/api/v1'),
  BODY_LIMIT_BYTES: z._default(z.coerce.number().check(z.int(), z.minimum(1024)), 262_144),
  REQUEST_TIMEOUT_MS: z._default(
    z.coerce.number().check(z.int(), z.minimum(1000), z.maximum(3_600_000)),
    120_000,
  ),
  PROMO_SITE_URL: z.optional(z.url()),
  MENU_CHECK_INTERVAL_MS: z._default(z.coerce.number().check(z.int(), z.minimum(100)), 2000),
  REPORT_WARM_FIRST_MS: z._default(z.coerce.number().check(z.int(), z.minimum(0)), 60_000),
  REPORT_WARM_EVERY_MS: z._default(
    z.coerce.number().check(
      z.int(),
      z.refine((ms) => ms === 0 || ms >= 60_000, '0 (off) or at least 60000 (a minute)'),
    ),
    3_600_000,
  ),
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
  // The hub's limits (decision 0031); defaults in features/realtime/hub.ts `defaultHubLimits`.
  REALTIME_MAX_CONNECTIONS: count(50_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: count(500),
  REALTIME_MAX_CHANNELS_PER_CONNECTION: count(100),
  REALTIME_MAX_EVENT_BYTES: z._default(z.coerce.number().check(z.int(), z.minimum(1024)), 10_240),
  REALTIME_CLIENT_EVENTS_PER_SECOND: count(10),
  REALTIME_MAX_CHANNEL_NAME_LENGTH: count(200),
  REALTIME_MAX_PRESENCE_MEMBERS: count(100),
  SANDBOX_ACQUIRER_SECRET: z.optional(z.string().check(z.minLength(32), z.maxLength(256))),
  // Who runs this server, for push services (RFC 8292): a mailto: or an https address.
  VAPID_SUBJECT: z._default(
    z.string().check(z.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/)),
    'mailto:push@tableside.invalid',
  ),
  MEDIA_ORIGINS: optionalText,
  RATE_LIMIT_EXEMPT: optionalText,
  PAYMENT_PROVIDER: z.optional(z.enum(['sandbox', 'none'])),
  // Seals secrets at rest (acquirers' keys; decision 0121): 64 hex digits or 32 bytes base64.
  SECRETS_KEY: optionalText,
  // YooKassa's API; another address only for its stand-in (development, tests).
  YOOKASSA_API_URL: z.optional(z.url()),
  // T-Bank's acquiring API (v2); another address only for its stand-in (development, tests).
  TBANK_API_URL: z.optional(z.url()),
  // АТОЛ Онлайн v5's API (test or live by each restaurant's setting); another address only for
  // its stand-in (development, tests).
  ATOL_API_URL: z.optional(z.url()),
  SMS_PROVIDER: z.optional(z.enum(['sandbox', 'smsru', 'none'])),
  SMSRU_API_ID: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]{8,64}$/))),
  SMSRU_BASE_URL: z.optional(z.url()),
  // Every restaurant's sign-in codes by SMS together, a UTC day (decision 0109).
  SMS_DAILY_BUDGET: count(5000),
  OTP_SECRET: z.optional(z.string().check(z.minLength(32), z.maxLength(256))),
  PROFILE_SESSION_DAYS: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(365)),
    30,
  ),
  PROFILE_SESSION_MAX_DAYS: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(3650)),
    180,
  ),
})

export interface ServerConfig {
  port: number
  host: string
  /**
   * PUBLIC_URL without its trailing slash; null: links are built from the address each diner
   * used (decision 0035).
   */
  publicUrl: string | null
  environment: 'production' | 'development'
  logLevel: string
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }
  dataDir: string
  demoSeed: boolean
  /** The demo restaurant's call escalation time when the seed creates it; unset: the default. */
  demoCallEscalationSeconds: number | undefined
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses (decision 0029). */
  trustProxy: false | number | string[]
  apiBase: string
  bodyLimitBytes: number
  /**
   * A request's headers and body must all arrive within this (Node's `requestTimeout`): a
   * client that trickles them is cut off (issue 27).
   */
  requestTimeoutMs: number
  promoSiteUrl: string | null
  /** How often the server looks for menu changes made by other nodes or the menu CLI. */
  menuCheckIntervalMs: number
  /**
   * When the report days are kept warm (decision 0081): the first round this long after start,
   * then one every `everyMs`; `everyMs` 0 turns it off.
   */
  reportWarm: { firstAfterMs: number; everyMs: number }
  webDist: string
  /** Addresses and CIDR ranges no rate limit applies to: load tests, monitors (decision 0029). */
  rateLimitExempt: string[]
  /** https origins menu photos may load from besides this server (decision 0030). */
  mediaOrigins: string[]
  /** Signs the sandbox acquirer's webhooks; generated into the data directory when unset. */
  sandboxAcquirerSecret: string | undefined
  /** The VAPID subject waiters' Web Push alerts are signed with. */
  vapidSubject: string
  /** How diners' sign-in codes are sent (decision 0051). */
  sms: SmsSetup
  /** Sign-in codes by SMS the whole server sends a UTC day, every restaurant together (decision 0109). */
  smsDailyBudget: number
  /** The HMAC key of sign-in codes; generated into the data directory when unset. */
  otpSecret: string | undefined
  /**
   * A diner's profile session: `slidingDays` after its last use, and never more than `maxDays`
   * after the sign-in that started it (decision 0111).
   */
  profileSession: { slidingDays: number; maxDays: number }
  /** Seals secrets stored in the database (SECRETS_KEY, decision 0121); null: none are taken. */
  secretsKey: Buffer | null
  /** YooKassa's API address (its stand-in's in development and tests). */
  yookassaApiUrl: string
  /** T-Bank's acquiring API address (its stand-in's in development and tests). */
  tbankApiUrl: string
  /** АТОЛ Онлайн's API address when not its own (its stand-in's); null: test or live by account. */
  atolApiUrl: string | null
  /** Where online payments go (decision 0032). */
  payments: {
    /** The acquirer; null: online payment is off until a provider is configured. */
    provider: 'sandbox' | null
    /** The sandbox takes the demo restaurant's payments only (chosen by the demo data). */
    demoOnly: boolean
    /** What chose it: `PAYMENT_PROVIDER`, `APP_ENV=development`, the demo data, or nothing. */
    chosenBy: 'PAYMENT_PROVIDER' | 'APP_ENV' | 'DEMO_SEED' | null
  }
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
    /** The built-in hub's limits, per node. */
    limits: {
      maxConnections: number
      maxConnectionsPerAddress: number
      maxChannelsPerConnection: number
      maxMessageBytes: number
      clientEventsPerSecond: number
      maxChannelNameLength: number
      maxPresenceMembers: number
    }
  }
}

export interface SmsSetup {
  /** null: signing in by code is off until a gateway is configured. */
  provider: 'sandbox' | 'smsru' | null
  /** What chose it: `SMS_PROVIDER`, `APP_ENV=development`, the demo data, or nothing. */
  chosenBy: 'SMS_PROVIDER' | 'APP_ENV' | 'DEMO_SEED' | null
  smsru: { apiId: string; baseUrl: string | undefined } | null
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
  if (e.REDIS_URL && credentialCount === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_URL makes this node one of several: set the same REALTIME_APP_ID, REALTIME_APP_KEY and REALTIME_APP_SECRET on every node (a node would otherwise make its own, and the other nodes would refuse its diners’ sockets)',
    )
  }
  if (e.REALTIME_DRIVER === 'pusher' && credentialCount === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  REALTIME_DRIVER=pusher needs REALTIME_APP_ID, REALTIME_APP_KEY and REALTIME_APP_SECRET',
    )
  }
  if (e.PROFILE_SESSION_MAX_DAYS < e.PROFILE_SESSION_DAYS) {
    throw new ConfigError(
      `Invalid configuration:\n  PROFILE_SESSION_MAX_DAYS (${String(e.PROFILE_SESSION_MAX_DAYS)}) is where a profile session ends however often it is used: it cannot be shorter than PROFILE_SESSION_DAYS (${String(e.PROFILE_SESSION_DAYS)}), the time it lasts unused`,
    )
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY)
  const mediaOrigins = parseMediaOrigins(e.MEDIA_ORIGINS)
  const rateLimitExempt = parseExempt(e.RATE_LIMIT_EXEMPT)
  const dataDir = resolve(e.DATA_DIR)
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, '') ?? null,
    environment: e.APP_ENV,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dataDir },
    dataDir,
    demoSeed: e.DEMO_SEED,
    demoCallEscalationSeconds: e.DEMO_CALL_ESCALATION_SECONDS,
    trustProxy,
    apiBase: e.API_BASE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    promoSiteUrl: e.PROMO_SITE_URL ?? null,
    menuCheckIntervalMs: e.MENU_CHECK_INTERVAL_MS,
    reportWarm: { firstAfterMs: e.REPORT_WARM_FIRST_MS, everyMs: e.REPORT_WARM_EVERY_MS },
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : defaultWebDist,
    mediaOrigins,
    rateLimitExempt,
    sandboxAcquirerSecret: e.SANDBOX_ACQUIRER_SECRET,
    vapidSubject: e.VAPID_SUBJECT,
    secretsKey: readSecretsKey(e.SECRETS_KEY),
    yookassaApiUrl: e.YOOKASSA_API_URL?.replace(/\/+$/, '') ?? 'https://api.yookassa.ru/v3',
    tbankApiUrl: e.TBANK_API_URL?.replace(/\/+$/, '') ?? 'https://securepay.tinkoff.ru/v2',
    atolApiUrl: e.ATOL_API_URL?.replace(/\/+$/, '') ?? null,
    payments: choosePaymentProvider(e.PAYMENT_PROVIDER, e.APP_ENV, e.DEMO_SEED),
    sms: chooseSmsProvider(
      e.SMS_PROVIDER,
      e.APP_ENV,
      e.DEMO_SEED,
      e.SMSRU_API_ID,
      e.SMSRU_BASE_URL,
    ),
    smsDailyBudget: e.SMS_DAILY_BUDGET,
    otpSecret: e.OTP_SECRET,
    profileSession: { slidingDays: e.PROFILE_SESSION_DAYS, maxDays: e.PROFILE_SESSION_MAX_DAYS },
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
      limits: {
        maxConnections: e.REALTIME_MAX_CONNECTIONS,
        maxConnectionsPerAddress: e.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
        maxChannelsPerConnection: e.REALTIME_MAX_CHANNELS_PER_CONNECTION,
        maxMessageBytes: e.REALTIME_MAX_EVENT_BYTES,
        clientEventsPerSecond: e.REALTIME_CLIENT_EVENTS_PER_SECOND,
        maxChannelNameLength: e.REALTIME_MAX_CHANNEL_NAME_LENGTH,
        maxPresenceMembers: e.REALTIME_MAX_PRESENCE_MEMBERS,
      },
    },
  }
}

const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * Never "every hop": that would let any client choose its address with X-Forwarded-For and
 * step around every per-address limit.
 */
function readSecretsKey(text: string | undefined): Buffer | null {
  if (text === undefined) return null
  const key = parseSecretsKey(text)
  if (!key) {
    throw new ConfigError(
      'Invalid configuration:\n  SECRETS_KEY must be 32 random bytes, as 64 hex digits or in base64 (openssl rand -hex 32).',
    )
  }
  return key
}

function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || ['false', 'no', '0'].includes(value)) return false
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops <= 16) return hops
  }
  if (['true', 'yes'].includes(value)) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY=${value} would trust every hop, so any client could choose its address with X-Forwarded-For. Give the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,192.168.1.5).`,
    )
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => !isProxyAddress(entry))
  if (bad.length > 0 || entries.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: "${bad.join(', ')}" is not a hop count (0–16), an address, a CIDR range or loopback/linklocal/uniquelocal.`,
    )
  }
  return entries
}

function parseExempt(value: string | undefined): string[] {
  if (value === undefined) return []
  const entries = value.split(',').map((entry) => entry.trim())
  const bad = entries.filter((entry) => PROXY_RANGES.has(entry) || !isProxyAddress(entry))
  if (bad.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  RATE_LIMIT_EXEMPT: "${bad.join(', ')}" is not an address or a CIDR range.`,
    )
  }
  return entries
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

function parseMediaOrigins(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const url = URL.canParse(entry) ? new URL(entry) : undefined
      if (url?.protocol !== 'https:' || url.href !== `${url.origin}/`) {
        throw new ConfigError(
          `Invalid configuration:\n  MEDIA_ORIGINS: "${entry}" is not an https origin; list origins such as https://images.example.com, separated by commas.`,
        )
      }
      return url.origin
    })
}

/**
 * The sandbox acquirer moves no money, so it is never what a real restaurant gets by default:
 * `PAYMENT_PROVIDER` decides when set; unset, a developer's machine gets the sandbox, a server
 * with the demo data gets it for the demo restaurant alone, and anything else has online
 * payment off until a provider is configured (decision 0032).
 */
function choosePaymentProvider(
  chosen: 'sandbox' | 'none' | undefined,
  environment: 'production' | 'development',
  demoSeed: boolean,
): ServerConfig['payments'] {
  if (chosen) {
    return {
      provider: chosen === 'sandbox' ? 'sandbox' : null,
      demoOnly: false,
      chosenBy: 'PAYMENT_PROVIDER',
    }
  }
  if (environment === 'development') {
    return { provider: 'sandbox', demoOnly: false, chosenBy: 'APP_ENV' }
  }
  if (demoSeed) return { provider: 'sandbox', demoOnly: true, chosenBy: 'DEMO_SEED' }
  return { provider: null, demoOnly: false, chosenBy: null }
}

/**
 * The sandbox sends no SMS (codes go to the log and a development page). Unset, development
 * and a server with the demo data get it, so that `npm start` lets anyone try the profile and
 * the bonus card (the issue's "default with the demo data"; the requester never sees a code,
 * only whoever reads the log); a production server without the demo data has signing in off
 * until a gateway is configured (decisions 0051, 0060).
 */
function chooseSmsProvider(
  chosen: 'sandbox' | 'smsru' | 'none' | undefined,
  environment: 'production' | 'development',
  demoSeed: boolean,
  apiId: string | undefined,
  baseUrl: string | undefined,
): SmsSetup {
  if (chosen === 'smsru') {
    if (!apiId) {
      throw new ConfigError(
        'Invalid configuration:\n  SMS_PROVIDER=smsru needs SMSRU_API_ID (the api_id from your SMS.ru account).',
      )
    }
    return { provider: 'smsru', chosenBy: 'SMS_PROVIDER', smsru: { apiId, baseUrl } }
  }
  if (chosen) {
    return {
      provider: chosen === 'sandbox' ? 'sandbox' : null,
      chosenBy: 'SMS_PROVIDER',
      smsru: null,
    }
  }
  if (environment === 'development')
    return { provider: 'sandbox', chosenBy: 'APP_ENV', smsru: null }
  if (demoSeed) return { provider: 'sandbox', chosenBy: 'DEMO_SEED', smsru: null }
  return { provider: null, chosenBy: null, smsru: null }
}
