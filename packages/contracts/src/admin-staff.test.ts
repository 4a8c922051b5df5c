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

  it('takes a password or a PIN of the right shape; which one each role needs is the server’s rule', () => {
    // One object rather than a union (the diners' first load): staff-admin-routes.ts refuses a
    // manager without a password or a kitchen login without a PIN, on the field.
    expect(
      createAdminStaff.body.safeParse({ role: 'waiter', name: 'Вера', login: 'vera', pin: '1234' })
        .success,
    ).toBe(false)
    const short = createAdminStaff.body.safeParse({
      role: 'manager',
      name: 'Вера',
      login: 'vera',
      password: 'short',
    })
    expect(short.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['password'])
    expect(
      createAdminStaff.body.parse({ role: 'kitchen', name: 'Гриль', login: 'grill', pin: '1234' }),
    ).toEqual({ role: 'kitchen', name: 'Гриль', login: 'grill', pin: '1234' })
  })
})
