import { describe, expect, it } from 'vitest'
import { accountProblems, serverProblems, typedLogin } from './staff-form'

describe('the add-an-account form', () => {
  it('takes a name, a login a phone can type and a 4–8 digit PIN', () => {
    expect(accountProblems('waiter', { name: 'Олег', login: ' Oleg ', secret: '4321' })).toEqual({})
    expect(typedLogin(' Oleg ')).toBe('oleg')
  })

  it('says which field is wrong', () => {
    expect(accountProblems('kitchen', { name: ' ', login: 'о', secret: '12' })).toEqual({
      name: 'nameRequired',
      login: 'loginInvalid',
      secret: 'pinInvalid',
    })
  })

  it('asks a manager for a password of 10 characters, not a PIN', () => {
    expect(accountProblems('manager', { name: 'Вера', login: 'vera', secret: '1234' })).toEqual({
      secret: 'passwordShort',
    })
    expect(
      accountProblems('manager', { name: 'Вера', login: 'vera', secret: 'long enough!' }),
    ).toEqual({})
  })

  it("puts the server's word on the field: a taken login, a refused PIN", () => {
    expect(serverProblems('login_taken', [{ path: 'body.login', message: 'taken' }])).toEqual({
      login: 'loginTaken',
    })
    expect(serverProblems('validation_failed', [{ path: 'body.pin', message: 'x' }])).toEqual({
      secret: 'pinInvalid',
    })
  })
})
