import { describe, expect, it } from 'vitest'
import { profileCookie } from './profile-session-store'

describe('the profile_token cookie', () => {
  it('lives at path / for the 30 days the server keeps an unused session, SameSite=Lax', () => {
    expect(profileCookie('tok', false)).toBe(
      `profile_token=tok; Path=/; SameSite=Lax; Max-Age=${String(30 * 24 * 60 * 60)}`,
    )
  })

  it('is Secure on https', () => {
    expect(profileCookie('tok', true)).toContain('; Secure')
  })
})
