import fc from 'fast-check'

/** The JSON Schema that OpenAPI holds for a contract's params, query or body (only what we read). */
export interface JsonSchema {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  pattern?: string
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
}

/**
 * Values that exist in the seeded database, by field name (`restaurantId`, `dishId`, `line`
 * for an item of `lines`, …), so schema-shaped requests reach past "not found" into the rules
 * behind it.
 */
export type KnownValues = Readonly<Record<string, readonly unknown[]>>

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const

/** Characters text columns, JSON and terminals treat specially, among ordinary ones. */
const oddCharacter = fc.oneof(
  fc.constantFrom(
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\uD800',
    '\uDFFF',
    '\uFFFE',
    '\u202E',
    '\u200B',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
)

/** Values no contract expects: wrong types, huge and odd strings, odd numbers, deep nesting. */
export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -0,
    -1,
    -2_147_483_649,
    2 ** 31,
    2 ** 53 + 1,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e-320,
    0.1,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uFEFF',
    '\uD800',
    '%E0',
    '../../etc/passwd',
    "'; drop table orders; --",
    '<script>alert(1)</script>',
    '9'.repeat(400),
    '-1',
    'NaN',
    'Infinity',
    '1e400',
    'x'.repeat(20_000),
    '🍕'.repeat(5_000),
    [],
    {},
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => Number(n)),
  fc.integer({ min: 50, max: 2_000 }).map((depth) => deeplyNested(depth)),
  fc.constantFrom(...PROTOTYPE_KEYS).map((key) => pollutingObject(key)),
)

function deeplyNested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

/** An object whose own key is `__proto__` (as JSON.parse makes them), not a prototype change. */
function pollutingObject(key: string): Record<string, unknown> {
  return JSON.parse(`{"${key}":{"polluted":true,"isAdmin":true,"prototype":{"x":1}}}`) as Record<
    string,
    unknown
  >
}

const types = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

/** A value the schema accepts, or nearly: patterns and bounds are honoured where we can. */
export function fromSchema(
  schema: JsonSchema | undefined,
  known: KnownValues,
  name = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return junkValue
  const choices = schema.anyOf ?? schema.oneOf
  if (choices && choices.length > 0)
    return fc.oneof(...choices.map((choice) => fromSchema(choice, known, name, depth + 1)))
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], known, name, depth + 1)
  if (schema.const !== undefined) return fc.constant(schema.const)
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  const [type] = types(schema)
  const knownHere = known[name]
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type ?? '') {
      case 'string':
        return stringFrom(schema)
      case 'integer': {
        const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1_000_001) + 1
        const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1_000_001) - 1
        return fc.integer({
          min: Math.max(min, Number.MIN_SAFE_INTEGER),
          max: Math.min(max, Number.MAX_SAFE_INTEGER),
        })
      }
      case 'number':
        return fc.double({
          min: schema.minimum ?? -1e6,
          max: schema.maximum ?? 1e6,
          noNaN: true,
        })
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      case 'array':
        // Mostly a few items, now and then as many as the contract allows.
        return fc.array(fromSchema(schema.items, known, singular(name), depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 8, 100),
          size: depth <= 1 ? 'medium' : 'small',
        })
      case 'object':
        return objectFrom(schema, known, depth)
      default:
        return junkValue
    }
  })()
  if (!knownHere || knownHere.length === 0) return base
  // A known whole object (a cart line) is rarely made by chance: lean on it harder.
  const weight = knownHere.some((value) => typeof value === 'object') ? 19 : 3
  return fc.oneof(
    { arbitrary: fc.constantFrom(...knownHere), weight },
    { arbitrary: base, weight: 1 },
  )
}

function singular(name: string): string {
  return name.endsWith('s') ? name.slice(0, -1) : name
}

function stringFrom(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid()
  if (schema.pattern) {
    try {
      // Only the schema's own bounds filter: a default cap could refuse every string a pattern
      // makes (p256dh's {86,88} under a cap of 64 looped fast-check's filter forever).
      const maxLength = schema.maxLength ?? Number.POSITIVE_INFINITY
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length <= maxLength && text.length >= (schema.minLength ?? 0))
    } catch {
      // A pattern JavaScript cannot compile falls back to plain strings.
    }
  }
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString())
  const lengths = {
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 200),
  }
  // Any code point now and then: NUL, controls, lone surrogates are what text columns refuse.
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme', ...lengths }), weight: 3 },
    { arbitrary: fc.string({ unit: oddCharacter, ...lengths }), weight: 1 },
  )
}

function objectFrom(schema: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {}
  const keys = Object.keys(properties)
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const key of keys) model[key] = fromSchema(properties[key], known, key, depth + 1)
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) })
}

/** A schema-shaped value with one part (or the whole) swapped for junk. */
export function nearlyValid(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, junkValue, fc.nat(), fc.constantFrom('replace', 'add', 'remove', 'pollute'))
    .map(([value, junk, pick, how]) => mutate(value, junk, pick, how))
}

function mutate(value: unknown, junk: unknown, pick: number, how: string): unknown {
  const containers: (Record<string, unknown> | unknown[])[] = []
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return
    containers.push(node as Record<string, unknown> | unknown[])
    for (const child of Object.values(node)) walk(child)
  }
  const copy = structuredClone(value)
  walk(copy)
  const target = containers[pick % Math.max(containers.length, 1)]
  if (!target) return junk
  if (Array.isArray(target)) {
    if (how === 'remove') target.pop()
    else if (target.length > 0 && how === 'replace') target[pick % target.length] = junk
    else target.push(junk)
    return copy
  }
  const keys = Object.keys(target)
  const key = keys[pick % Math.max(keys.length, 1)]
  if (how === 'remove' && key !== undefined) Reflect.deleteProperty(target, key)
  else if (how === 'replace' && key !== undefined) target[key] = junk
  else if (how === 'pollute') {
    // Defined, not assigned: assigning `__proto__` would change the copy's prototype instead.
    for (const [name, value] of Object.entries(pollutingObject(PROTOTYPE_KEYS[pick % 3] ?? '')))
      Object.defineProperty(target, name, { value, enumerable: true, writable: true })
  } else target[`extra${pick % 7}`] = junk
  return copy
}

/** Schema-shaped, nearly valid or plain junk, in that order of weight. */
export function fuzzValue(
  schema: JsonSchema | undefined,
  known: KnownValues,
  name = '',
): fc.Arbitrary<unknown> {
  const valid = fromSchema(schema, known, name)
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: nearlyValid(valid), weight: 4 },
    { arbitrary: junkValue, weight: 1 },
  )
}

/** Percent-encodes as a client would; a lone surrogate, which cannot be, goes as its bytes. */
export function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    return '%ED%A0%80'
  }
}

/** A path segment: known or schema-shaped ids, then escapes, huge and odd ones. */
export function pathSegment(
  schema: JsonSchema | undefined,
  known: KnownValues,
  name: string,
): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: fromSchema(schema, known, name).map((v) => encodeSegment(String(v))),
      weight: 6,
    },
    { arbitrary: junkValue.map((v) => encodeSegment(String(v))), weight: 2 },
    {
      arbitrary: fc.constantFrom('%E0', '%', '%ZZ', '%00', '..', '%2e%2e', '%2F', 'a'.repeat(120)),
      weight: 1,
    },
  )
}
