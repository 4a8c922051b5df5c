import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { fieldError } from './errors'
import { orderStatus } from './order-status'
import { deliveryAddress, orderId, paidWith, paymentStatus } from './orders'
import { MAX_RECEIPT_CONTACT } from './receipt-contact'
import { orderType, restaurantId, uiLanguage } from './restaurants'
import { money } from './text'

/** The header a diner's profile requests carry; the app copies it from the `profile_token` cookie (spec §7). */
export const PROFILE_TOKEN_HEADER = 'x-profile-token'
export const PROFILE_TOKEN_COOKIE = 'profile_token'

/** A sign-in code is this many digits. */
export const OTP_LENGTH = 6
/** Seconds a code may be used for. */
export const OTP_TTL_SECONDS = 5 * 60
/** Seconds before the same number may be sent another code. */
export const OTP_RESEND_SECONDS = 60
/** Wrong codes that burn a code. */
export const OTP_MAX_TRIES = 5
/** Saved delivery addresses one profile may keep. */
export const MAX_CLIENT_ADDRESSES = 10
/** Orders the app may ask to attach on signing in (the ones this device placed). */
export const MAX_ATTACHED_ORDERS = 100

/**
 * A phone as typed: the server checks it is a real mobile number (libphonenumber-js) and
 * answers in E.164 (`+79161234567`).
 */
export const clientPhone = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter the phone number'), z.maxLength(32))

export const otpCode = z
  .string()
  .check(z.regex(new RegExp(`^\\d{${String(OTP_LENGTH)}}$`), 'The code is 6 digits'))

export const clientId = z.uuid('A client id is a uuid')

export const clientProfile = z.object({
  id: z.string(),
  /** E.164. */
  phone: z.string(),
  name: z.nullable(z.string()),
  /** `YYYY-MM-DD`, for a birthday bonus; null: not given. */
  birthday: z.nullable(z.string()),
  /** The language the diner chose; null: the device's own. */
  language: z.nullable(uiLanguage),
  /**
   * Where the diner's fiscal receipts go (decision 0142): an email in lower case or a mobile in
   * E.164; null: none kept, the payment asks.
   */
  receiptContact: z.nullable(z.string()),
  createdAt: z.string(),
})
export type ClientProfile = z.infer<typeof clientProfile>

/**
 * The signed-in diner, and when this device's session ends unless it is used again: the app
 * keeps its `profile_token` cookie as long (the lifetimes are the server's settings).
 */
export const clientMe = z.object({
  ...clientProfile.shape,
  sessionExpiresAt: z.string(),
})

export const requestClientOtp = defineEndpoint({
  method: 'POST',
  path: '/auth/client/otp',
  summary:
    'Sends a 6-digit sign-in code by SMS to a phone (consent to personal-data processing required)',
  tags: ['client'],
  body: z.object({
    restaurantId,
    phone: clientPhone,
    /** Consent to the restaurant's personal-data policy: the code is sent only with it. */
    consent: z.literal(true, 'Consent to the processing of personal data is needed to sign in'),
  }),
  status: 202,
  response: z.object({
    /** The number the code went to, E.164. */
    phone: z.string(),
    expiresAt: z.string(),
    /** When another code may be asked for. */
    resendAt: z.string(),
    codeLength: z.int(),
  }),
})

export const verifyClientOtp = defineEndpoint({
  method: 'POST',
  path: '/auth/client/verify',
  summary:
    'Signs in with the code: a profile token (cookie profile_token, header X-Profile-Token); orders this device placed here are attached',
  tags: ['client'],
  body: z.object({
    phone: clientPhone,
    code: otpCode,
    /**
     * Orders this device placed at the restaurant the code was asked for on; those without a
     * profile, placed with no phone or this phone, become the diner's.
     */
    orderIds: z.optional(z.array(orderId).check(z.maxLength(MAX_ATTACHED_ORDERS))),
  }),
  status: 200,
  response: z.object({
    token: z.string(),
    expiresAt: z.string(),
    client: clientProfile,
    /** How many of `orderIds` became the diner's now. */
    attachedOrders: z.int(),
  }),
  errors: {
    400: z.object({
      error: z.object({
        code: z.string(),
        message: z.string(),
        fields: z.optional(z.array(fieldError)),
        /** `otp_invalid`: wrong codes the diner may still try before this code is burned. */
        triesLeft: z.optional(z.int()),
      }),
    }),
  },
})

/** How many sessions a sign-out ended. */
export const clientSignedOut = z.object({ signedOut: z.number().check(z.int(), z.nonnegative()) })

export const clientLogout = defineEndpoint({
  method: 'POST',
  path: '/auth/client/logout',
  summary: 'Signs this device out: the token in X-Profile-Token stops working',
  tags: ['client'],
  status: 200,
  response: clientSignedOut,
})

export const clientLogoutAll = defineEndpoint({
  method: 'POST',
  path: '/auth/client/logout-all',
  summary: 'Signs the diner out on every device',
  tags: ['client'],
  status: 200,
  response: clientSignedOut,
})

export const getClientMe = defineEndpoint({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in diner (header X-Profile-Token), and when the session ends unless used',
  tags: ['client'],
  status: 200,
  response: clientMe,
})

export const MAX_CLIENT_NAME = 80

export const updateClientMe = defineEndpoint({
  method: 'PATCH',
  path: '/me',
  summary: "Changes the diner's name, birthday, language or where receipts go; null clears one",
  tags: ['client'],
  body: z.object({
    name: z.optional(
      z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_CLIENT_NAME))),
    ),
    // A date's shape; the server also refuses a day the calendar has not (zod's `iso.date` would
    // be the first ISO format in the app, and lands in the first load with the rest of zod).
    birthday: z.optional(
      z.nullable(
        z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'A birthday is a date: YYYY-MM-DD')),
      ),
    ),
    language: z.optional(z.nullable(uiLanguage)),
    /**
     * Where receipts go: an email, or a mobile number (the server reads it, libphonenumber-js);
     * anything else is 400 `validation_failed` at `body.receiptContact`.
     */
    receiptContact: z.optional(
      z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_RECEIPT_CONTACT))),
    ),
  }),
  status: 200,
  response: clientProfile,
})

export const deleteClientMe = defineEndpoint({
  method: 'DELETE',
  path: '/me',
  summary:
    'Deletes the profile: personal data erased, every session ended; orders kept without name, phone or address',
  tags: ['client'],
  status: 200,
  response: z.object({
    deleted: z.literal(true),
    /** Orders kept, now without the diner's name, phone and address. */
    anonymisedOrders: z.int(),
  }),
})

export const clientAddressId = z.uuid('An address id is a uuid')

export const clientAddress = z.object({
  id: z.string(),
  address: deliveryAddress,
  createdAt: z.string(),
})
export type ClientAddress = z.infer<typeof clientAddress>

export const listClientAddresses = defineEndpoint({
  method: 'GET',
  path: '/me/addresses',
  summary: "The diner's saved delivery addresses, newest first",
  tags: ['client'],
  status: 200,
  response: z.object({ addresses: z.array(clientAddress) }),
})

export const addClientAddress = defineEndpoint({
  method: 'POST',
  path: '/me/addresses',
  summary: 'Saves a delivery address (at most 10)',
  tags: ['client'],
  body: deliveryAddress,
  status: 201,
  response: clientAddress,
})

export const deleteClientAddress = defineEndpoint({
  method: 'DELETE',
  path: '/me/addresses/:addressId',
  summary: 'Forgets a saved delivery address',
  tags: ['client'],
  params: z.object({ addressId: clientAddressId }),
  status: 200,
  response: z.object({ deleted: z.int() }),
})

export const clientOrderSummary = z.object({
  id: z.string(),
  number: z.int(),
  placedAt: z.string(),
  type: orderType,
  status: orderStatus,
  total: money,
  currency: z.string(),
  /**
   * The diner's bonus points on this order, from their card here: `earned` net of what refunds
   * took back (`pending` of it until the order is completed and paid), `spent` net of what a
   * cancellation or refund gave back. Zeros: none.
   */
  points: z.object({ earned: z.int(), pending: z.int(), spent: z.int() }),
  paymentStatus,
  /** How it was actually paid, as the order says it (decision 0130). */
  paidWith,
})
export type ClientOrderSummary = z.infer<typeof clientOrderSummary>

/** Orders a page of the history holds. */
export const MAX_CLIENT_ORDERS_LISTED = 100

export const listClientOrders = defineEndpoint({
  method: 'GET',
  path: '/me/orders',
  summary:
    "The diner's orders at a restaurant, newest first, 100 a page (`before`: the last order of the page before)",
  tags: ['client'],
  query: z.object({ restaurantId, before: z.optional(orderId) }),
  status: 200,
  /** `more`: older orders follow; ask again with `before` the last of these. */
  response: z.object({ orders: z.array(clientOrderSummary), more: z.boolean() }),
})
