import { describe, expect, it } from 'vitest'
import { profileCookie } from './profile-session-store'

describe('the profile_token cookie', () => {
  const now = Date.parse('2026-11-24T10:00:00.000Z')

  it('lives at path / until the server’s session ends, SameSite=Lax', () => {
    expect(profileCookie('tok', '2026-12-24T10:00:00.000Z', now, false)).toBe(
      `profile_token=tok; Path=/; SameSite=Lax; Max-Age=${String(30 * 24 * 60 * 60)}`,
    )
  })

  it('is gone at once for a session that has already ended', () => {
    expect(profileCookie('tok', '2026-11-24T09:00:00.000Z', now, false)).toContain('Max-Age=0')
  })

  it('is Secure on https', () => {
    expect(profileCookie('tok', '2026-12-24T10:00:00.000Z', now, true)).toContain('; Secure')
  })
})
