import { describe, expect, it } from 'vitest'
import { createAdminStaff, createAdminWaiter } from './admin-staff'

describe('what the back office takes for a new account', () => {
  it('keeps a login as sign-in compares it: trimmed, lower case', () => {
    const body = createAdminWaiter.body.parse({ name: ' Олег ', login: ' Oleg.K ', pin: '4321' })
    expect(body).toEqual({ name: 'Олег', login: 'oleg.k', pin: '4321' })
  })

  it('refuses logins with spaces or Cyrillic, and short PINs, by field', () => {
    const result = createAdminWaiter.body.safeParse({ name: 'Олег', login: 'олег к', pin: '12' })
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['login', 'pin'])
  })

  it('asks a manager for a password and the kitchen for a PIN', () => {
    expect(
      createAdminStaff.body.safeParse({ role: 'manager', name: 'Вера', login: 'vera', pin: '1234' })
        .success,
    ).toBe(false)
    expect(
      createAdminStaff.body.parse({ role: 'kitchen', name: 'Гриль', login: 'grill', pin: '1234' }),
    ).toEqual({ role: 'kitchen', name: 'Гриль', login: 'grill', pin: '1234' })
  })
})
