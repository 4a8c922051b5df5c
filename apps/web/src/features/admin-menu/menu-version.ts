interface Versioned {
  version: string
}

const hasVersion = (value: unknown): value is Versioned =>
  typeof value === 'object' &&
  value !== null &&
  'version' in value &&
  typeof value.version === 'string' &&
  /^\d+$/.test(value.version)

/**
 * Whether `answer` is older than the menu the screen shows (versions count up, as numbers): a
 * save's answer or a fetch that was overtaken by a later save must not roll the screen back.
 */
export function isOlderMenu(answer: Versioned, shown: Versioned | undefined): boolean {
  if (!shown || !hasVersion(answer) || !hasVersion(shown)) return false
  return BigInt(answer.version) < BigInt(shown.version)
}

/** The query's structural sharing: a fetched menu older than the one shown is dropped. */
export function keepNewerMenu(shown: unknown, fetched: unknown): unknown {
  return hasVersion(shown) && hasVersion(fetched) && isOlderMenu(fetched, shown) ? shown : fetched
}
