import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/** The key is missing or what is sealed cannot be opened with it. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError'
}

/**
 * Secrets at rest (an acquirer's secret key): AES-256-GCM under SECRETS_KEY, a fresh 96-bit nonce
 * each time, and `context` (whose secret it is: a restaurant's id) bound in as associated data,
 * so a sealed secret copied to another restaurant's row does not open. Sealed text is
 * `v1.<nonce>.<tag>.<ciphertext>`, base64url.
 */
export function createSecretBox(key: Buffer) {
  if (key.length !== 32) throw new SecretBoxError('SECRETS_KEY must be 32 bytes')
  return {
    seal(plain: string, context: string): string {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(context, 'utf8'))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, nonce, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    open(sealed: string, context: string): string {
      const [version, nonce, tag, text] = sealed.split('.')
      if (version !== VERSION || !nonce || !tag || text === undefined) {
        throw new SecretBoxError('This is not a sealed secret')
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
        decipher.setAAD(Buffer.from(context, 'utf8'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([
          decipher.update(Buffer.from(text, 'base64url')),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        throw new SecretBoxError(
          'A stored secret does not open with SECRETS_KEY: the key changed, or the row was altered',
        )
      }
    },
  }
}

export type SecretBox = ReturnType<typeof createSecretBox>

/** SECRETS_KEY as given: 64 hex digits or 32 bytes in base64; null for anything else. */
export function parseSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim()
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex')
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const key = Buffer.from(trimmed, 'base64')
    return key.length === 32 ? key : null
  }
  return null
}
