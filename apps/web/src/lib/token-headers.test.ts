import { describe, expect, it } from 'vitest'
import { tokenHeaders } from './token-headers'

describe('tokenHeaders', () => {
  it('carries each actor’s token cookie as its header, and nothing else', () => {
    const cookies: Record<string, string> = {
      garcon_token: 'g',
      profile_token: 'p',
      manager_token: 'm',
      kitchen_token: 'k',
      session: 'not-ours',
      admin_token: 'not-ours-either',
    }
    expect(tokenHeaders((name) => cookies[name])).toEqual({
      'X-Garcon-Token': 'g',
      'X-Profile-Token': 'p',
      'X-Manager-Token': 'm',
      'X-Kitchen-Token': 'k',
    })
  })

  it('leaves out a missing or empty token', () => {
    expect(tokenHeaders((name) => (name === 'manager_token' ? '' : undefined))).toEqual({})
  })
})
