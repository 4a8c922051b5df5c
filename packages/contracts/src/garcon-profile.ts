import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { GARCON_PIN_LENGTH, garconSignedOut } from './garcon'
import { uiLanguage } from './restaurants'

/** A PIN as the sign-in takes it: 4–8 digits. */
const garconPin = z
  .string()
  .check(
    z.regex(
      new RegExp(`^\\d{${GARCON_PIN_LENGTH.min},${GARCON_PIN_LENGTH.max}}$`),
      'A PIN is 4–8 digits',
    ),
  )

/** The signed-in waiter's own settings (`/garcon/profile`). */
export const garconProfile = z.object({
  id: z.string(),
  name: z.string(),
  login: z.string(),
  /** The language their screens speak on every device they sign in on; null: each device's own. */
  language: z.nullable(uiLanguage),
  onShift: z.boolean(),
})
export type GarconProfile = z.infer<typeof garconProfile>

export const getGarconProfile = defineEndpoint({
  method: 'GET',
  path: '/garcon/me/profile',
  summary: "The signed-in waiter's name, login, language and shift",
  tags: ['garcon'],
  status: 200,
  response: garconProfile,
})

export const updateGarconProfile = defineEndpoint({
  method: 'PATCH',
  path: '/garcon/me/profile',
  summary: 'The waiter chooses the language of their screens (null: each device chooses)',
  tags: ['garcon'],
  body: z.object({ language: z.nullable(uiLanguage) }),
  status: 200,
  response: garconProfile,
})

export const changeGarconPin = defineEndpoint({
  method: 'PUT',
  path: '/garcon/me/pin',
  summary:
    'The waiter changes their PIN, giving the current one (wrong ones back off like the sign-in); every other device is signed out',
  tags: ['garcon'],
  body: z.object({ currentPin: garconPin, newPin: garconPin }),
  status: 200,
  /** `signedOut`: the other devices the change signed out. */
  response: garconSignedOut,
})

/** A device the waiter is signed in on: one unexpired, unrevoked session. */
export const garconDevice = z.object({
  id: z.string(),
  /** The browser that signed in, as it named itself; null for sign-ins from before it was kept. */
  userAgent: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  expiresAt: z.string(),
  /** The session of the token this request carries. */
  current: z.boolean(),
})
export type GarconDevice = z.infer<typeof garconDevice>

export const listGarconDevices = defineEndpoint({
  method: 'GET',
  path: '/garcon/me/devices',
  summary: 'The devices the waiter is signed in on, this one first, then by when last used',
  tags: ['garcon'],
  status: 200,
  response: z.object({ devices: z.array(garconDevice) }),
})

export const signOutGarconDevice = defineEndpoint({
  method: 'POST',
  path: '/garcon/me/devices/:deviceId/sign-out',
  summary: "Signs one of the waiter's devices out (another waiter's device is not found)",
  tags: ['garcon'],
  params: z.object({ deviceId: z.uuid('A device id is a uuid') }),
  status: 200,
  response: garconSignedOut,
})
