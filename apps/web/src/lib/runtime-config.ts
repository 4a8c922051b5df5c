import type { RuntimeConfig } from '@tableside/contracts/runtime-config'

// The contract's constants, repeated: its module builds the config's zod schema, which the
// first load does without (decision 0124); runtime-config.test.ts holds the two together.
export const RUNTIME_CONFIG_ELEMENT_ID = 'tableside-runtime-config'
export const RUNTIME_CONFIG_PATH = '/runtime-config.json'

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError'
}

export function embeddedConfigText(): string | undefined {
  return document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent ?? undefined
}

/** The server fills the element with JSON; untouched, it still holds its placeholder comment. */
function embeddedJson(text: string | undefined): string | undefined {
  const trimmed = text?.trim() ?? ''
  return trimmed === '' || trimmed.startsWith('<!--') ? undefined : trimmed
}

type Check = (value: unknown) => boolean
const isString: Check = (value) => typeof value === 'string'
const oneOf =
  (...values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value)
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The fields of the contract's `runtimeConfig`, each with its check (its zod schema's rules). */
const CONFIG_FIELDS: Record<keyof RuntimeConfig, Check> = {
  apiBase: isString,
  environment: oneOf('production', 'development'),
  promoSiteUrl: (value) => value === null || typeof value === 'string',
  testPayments: (value) => typeof value === 'boolean',
  realtime: isObject,
}
const REALTIME_FIELDS: Record<keyof RuntimeConfig['realtime'], Check> = {
  key: isString,
  host: isString,
  port: (value) => typeof value === 'number' && Number.isFinite(value),
  scheme: oneOf('ws', 'wss'),
  cluster: isString,
  authEndpoint: isString,
}

/** The fields that break their check, by path; the object with only the known fields. */
function checkFields(
  value: Record<string, unknown>,
  fields: Record<string, Check>,
  prefix: string,
  wrong: string[],
): Record<string, unknown> {
  const known: Record<string, unknown> = {}
  for (const [name, check] of Object.entries(fields)) {
    if (check(value[name])) known[name] = value[name]
    else wrong.push(`${prefix}${name}`)
  }
  return known
}

/**
 * The configuration as the contract describes it, checked by hand: zod and the contract's
 * schema stay out of the first load (decision 0124). A wrong config names its fields.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const wrong: string[] = []
  if (!isObject(value)) wrong.push('(root)')
  else {
    const config = checkFields(value, CONFIG_FIELDS, '', wrong)
    if (isObject(config.realtime)) {
      config.realtime = checkFields(config.realtime, REALTIME_FIELDS, 'realtime.', wrong)
    }
    if (wrong.length === 0) return config as unknown as RuntimeConfig
  }
  throw new RuntimeConfigError(
    `Invalid runtime configuration: ${wrong.map((path) => `${path}: invalid`).join('; ')}`,
  )
}

/**
 * Reads the runtime configuration (spec §7) from the document; when it was served without
 * one (the Vite dev server), from RUNTIME_CONFIG_PATH.
 */
export async function loadRuntimeConfig({
  embeddedText = embeddedConfigText(),
  fetch: fetchFn = globalThis.fetch,
}: { embeddedText?: string; fetch?: typeof globalThis.fetch } = {}): Promise<RuntimeConfig> {
  const embedded = embeddedJson(embeddedText)
  if (embedded !== undefined) {
    let value: unknown
    try {
      value = JSON.parse(embedded)
    } catch {
      throw new RuntimeConfigError(
        'Invalid runtime configuration: the embedded JSON does not parse',
      )
    }
    return parseRuntimeConfig(value)
  }
  const response = await fetchFn(RUNTIME_CONFIG_PATH, { cache: 'no-store' })
  if (!response.ok) {
    throw new RuntimeConfigError(`Runtime configuration unavailable (HTTP ${response.status})`)
  }
  return parseRuntimeConfig(await response.json())
}
