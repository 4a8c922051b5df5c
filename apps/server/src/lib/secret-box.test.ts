import { describe, expect, it } from 'vitest'
import { createSecretBox, parseSecretsKey, SecretBoxError } from './secret-box'

describe('Secrets sealed at rest', () => {
  const box = createSecretBox(Buffer.alloc(32, 7))

  it('opens what it sealed for the same restaurant, and nothing else', () => {
    const sealed = box.seal('test_SecretKey1234', 'bistro')
    expect(sealed).not.toContain('SecretKey')
    expect(box.seal('test_SecretKey1234', 'bistro')).not.toBe(sealed)
    expect(box.open(sealed, 'bistro')).toBe('test_SecretKey1234')
    // Copied to another restaurant's row, opened with another key, or altered: refused.
    expect(() => box.open(sealed, 'other')).toThrow(SecretBoxError)
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(sealed, 'bistro')).toThrow(
      /does not open with SECRETS_KEY/,
    )
    const altered = sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA')
    expect(() => box.open(altered, 'bistro')).toThrow(SecretBoxError)
    expect(() => box.open('plain text', 'bistro')).toThrow(/not a sealed secret/)
  })

  it('takes SECRETS_KEY as 64 hex digits or 32 bytes of base64, nothing shorter', () => {
    expect(parseSecretsKey('ab'.repeat(32))?.length).toBe(32)
    expect(parseSecretsKey(Buffer.alloc(32, 1).toString('base64'))?.length).toBe(32)
    expect(parseSecretsKey('ab'.repeat(16))).toBeNull()
    expect(parseSecretsKey('secret')).toBeNull()
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(SecretBoxError)
  })
})
