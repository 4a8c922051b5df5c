import { describe, expect, it } from 'vitest'
import { base64UrlBytes, subscriptionBody } from './push-subscription'

describe('Web Push subscription parts', () => {
  it('decodes a VAPID key from base64url, padding or not', () => {
    expect(Array.from(base64UrlBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239])
    expect(Array.from(base64UrlBytes('AQID'))).toEqual([1, 2, 3])
  })

  it('sends the endpoint and both keys, or nothing when the browser left one out', () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) }
    expect(subscriptionBody({ endpoint: 'https://fcm.googleapis.com/x', keys })).toEqual({
      endpoint: 'https://fcm.googleapis.com/x',
      keys,
    })
    expect(
      subscriptionBody({ endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: keys.p256dh } }),
    ).toBeUndefined()
    expect(subscriptionBody({ keys })).toBeUndefined()
  })
})
