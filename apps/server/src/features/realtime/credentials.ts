import { randomBytes, randomInt } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface RealtimeCredentials {
  appId: string
  key: string
  secret: string
}

const FILE = 'realtime-credentials.json'

/**
 * The realtime app's id, key and secret: from the environment when all three are set,
 * otherwise generated once and kept in the data directory so restarts keep them.
 */
export function loadRealtimeCredentials(
  env: { appId?: string; key?: string; secret?: string },
  dataDir: string,
): RealtimeCredentials {
  if (env.appId && env.key && env.secret)
    return { appId: env.appId, key: env.key, secret: env.secret }
  const path = join(dataDir, FILE)
  try {
    const stored: unknown = JSON.parse(readFileSync(path, 'utf8'))
    if (
      typeof stored === 'object' &&
      stored !== null &&
      'appId' in stored &&
      'key' in stored &&
      'secret' in stored &&
      typeof stored.appId === 'string' &&
      typeof stored.key === 'string' &&
      typeof stored.secret === 'string'
    ) {
      return { appId: stored.appId, key: stored.key, secret: stored.secret }
    }
  } catch {
    // first start: generate below
  }
  const generated: RealtimeCredentials = {
    appId: String(randomInt(100_000, 999_999)),
    key: randomBytes(10).toString('hex'),
    secret: randomBytes(20).toString('hex'),
  }
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path, JSON.stringify(generated, null, 2), { mode: 0o600 })
  return generated
}
