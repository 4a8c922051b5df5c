import { describe, expect, it } from 'vitest'
import { garconCookie } from './garcon-session-store'

describe('the garcon_token cookie', () => {
  it('lives at path / until the session expires, SameSite=Lax', () => {
    const now = Date.parse('2026-11-24T10:00:00.000Z')
    expect(garconCookie('tok', '2026-11-24T22:00:00.000Z', now, false)).toBe(
      'garcon_token=tok; Path=/; SameSite=Lax; Max-Age=43200',
    )
  })

  it('is gone at once for a session that has already expired', () => {
    const now = Date.parse('2026-11-24T10:00:00.000Z')
    expect(garconCookie('tok', '2026-11-24T09:00:00.000Z', now, false)).toContain('Max-Age=0')
  })
})
