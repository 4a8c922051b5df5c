import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const FILE = 'sandbox-acquirer-secret'

/**
 * The secret the sandbox acquirer signs webhooks with: `SANDBOX_ACQUIRER_SECRET`, or one
 * generated once and kept in the data directory (several nodes need the variable).
 */
export function loadSandboxSecret(fromEnv: string | undefined, dataDir: string): string {
  if (fromEnv) return fromEnv
  const path = join(dataDir, FILE)
  try {
    const stored = readFileSync(path, 'utf8').trim()
    if (stored.length >= 32) return stored
  } catch {
    // first start: generate below
  }
  const secret = randomBytes(32).toString('hex')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(path, secret, { mode: 0o600 })
  return secret
}
