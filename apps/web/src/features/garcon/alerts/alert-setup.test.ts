import { describe, expect, it } from 'vitest'
import { initialSetup, nextSetup, notifies, type AlertEnvironment } from './alert-setup'

const env = (overrides: Partial<AlertEnvironment> = {}): AlertEnvironment => ({
  secure: true,
  permission: 'default',
  push: true,
  later: false,
  pushOff: false,
  ...overrides,
})

describe('how alerts reach the waiter', () => {
  it('never asks over plain http at a LAN address', () => {
    expect(initialSetup(env({ secure: false, permission: undefined }))).toEqual({
      step: 'insecure',
    })
    expect(nextSetup({ step: 'insecure' }, { type: 'ask' })).toEqual({ step: 'insecure' })
  })

  it('says so where the browser has no notifications', () => {
    expect(initialSetup(env({ permission: undefined }))).toEqual({ step: 'unsupported' })
  })

  it('offers, asks only on the tap, and subscribes to push once allowed', () => {
    const offer = initialSetup(env())
    expect(offer).toEqual({ step: 'offer', later: false })
    const asking = nextSetup(offer, { type: 'ask' })
    expect(asking).toEqual({ step: 'asking' })
    const on = nextSetup(asking, { type: 'answered', permission: 'granted', push: true })
    expect(on).toEqual({ step: 'on', push: 'subscribing' })
    expect(nextSetup(on, { type: 'push', push: 'subscribed' })).toEqual({
      step: 'on',
      push: 'subscribed',
    })
    expect(nextSetup(on, { type: 'push', push: 'failed' })).toEqual({ step: 'on', push: 'failed' })
  })

  it('shows the way to the site settings when blocked', () => {
    const asking = nextSetup(initialSetup(env()), { type: 'ask' })
    expect(nextSetup(asking, { type: 'answered', permission: 'denied', push: true })).toEqual({
      step: 'denied',
    })
    expect(initialSetup(env({ permission: 'denied' }))).toEqual({ step: 'denied' })
  })

  it('keeps offering, quietly, when the prompt is closed without an answer or put off', () => {
    const asking = nextSetup(initialSetup(env()), { type: 'ask' })
    expect(nextSetup(asking, { type: 'answered', permission: 'default', push: true })).toEqual({
      step: 'offer',
      later: true,
    })
    expect(nextSetup(initialSetup(env()), { type: 'later' })).toEqual({
      step: 'offer',
      later: true,
    })
    expect(initialSetup(env({ later: true }))).toEqual({ step: 'offer', later: true })
  })

  it('has notifications without push where there is no service worker', () => {
    expect(initialSetup(env({ permission: 'granted', push: false }))).toEqual({
      step: 'on',
      push: 'unavailable',
    })
    const asking = nextSetup(initialSetup(env({ push: false })), { type: 'ask' })
    expect(nextSetup(asking, { type: 'answered', permission: 'granted', push: false })).toEqual({
      step: 'on',
      push: 'unavailable',
    })
  })

  it('remembers lock-screen alerts turned off on this device', () => {
    expect(initialSetup(env({ permission: 'granted', pushOff: true }))).toEqual({
      step: 'on',
      push: 'off',
    })
  })

  it('follows a permission changed in the site settings', () => {
    const denied = initialSetup(env({ permission: 'denied' }))
    expect(nextSetup(denied, { type: 'permission', env: env({ permission: 'granted' }) })).toEqual({
      step: 'on',
      push: 'subscribing',
    })
    const on = { step: 'on', push: 'subscribed' } as const
    expect(nextSetup(on, { type: 'permission', env: env({ permission: 'granted' }) })).toBe(on)
  })

  it('pops a system notification only when the screen is hidden and they are on', () => {
    expect(notifies({ step: 'on', push: 'subscribed' }, true)).toBe(true)
    expect(notifies({ step: 'on', push: 'subscribed' }, false)).toBe(false)
    expect(notifies({ step: 'denied' }, true)).toBe(false)
    expect(notifies({ step: 'insecure' }, true)).toBe(false)
  })
})
