import { randomUUID } from 'node:crypto'
import { expect } from 'vitest'
import { getBonusCard, type BonusCard } from '@tableside/contracts/bonus'
import { PROFILE_TOKEN_HEADER, verifyClientOtp } from '@tableside/contracts/client'
import type { EndpointResponse } from '@tableside/contracts/endpoint'
import { order } from '@tableside/contracts/orders'
import { createTestApp, smsSandboxOf, type TestApp } from '../../test/test-app'
import type { TestDatabaseKind } from '../../test/test-database'
import { createOrderingRestaurant } from '../../test/test-restaurants'
import type { SandboxSms } from '../../adapters/sms/sandbox-sms'

export interface ClientTestApp extends TestApp {
  /** The app's clock; tests move it. */
  clock: { now: Date }
  sandbox: SandboxSms
}

/**
 * The whole app with the SMS sandbox, a movable clock and two restaurants that take every
 * kind of order (`bistro`, `other`). Rate limits spare 127.0.0.1 unless `limited`.
 */
export async function startClientApp(
  kind: TestDatabaseKind,
  options: { limited?: boolean; env?: Record<string, string> } = {},
): Promise<ClientTestApp> {
  const clock = { now: new Date() }
  const t = await createTestApp(
    kind,
    {
      SMS_PROVIDER: 'sandbox',
      ...(options.limited ? {} : { RATE_LIMIT_EXEMPT: '127.0.0.1' }),
      ...options.env,
    },
    undefined,
    () => clock.now,
  )
  const tables = [{ code: 'T1', label: '1' }]
  await createOrderingRestaurant(t, 'bistro', { tables, settings: {} })
  await createOrderingRestaurant(t, 'other', { tables, settings: {} })
  return { ...t, clock, sandbox: smsSandboxOf(t.app) }
}

export const askCode = (
  t: TestApp,
  phone: string,
  options: { restaurantId?: string; remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/client/otp',
    payload: { restaurantId: options.restaurantId ?? 'bistro', phone, consent: true },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })

export const tryCode = (
  t: TestApp,
  phone: string,
  code: string,
  orderIds?: string[],
  options: { remoteAddress?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/client/verify',
    payload: { phone, code, ...(orderIds ? { orderIds } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  })

/** The code in the latest sandbox message to this number. */
export function lastCode(t: ClientTestApp, phone: string): string {
  const text = t.sandbox.outbox(phone)[0]?.text ?? ''
  const code = /^(\d{6})\b/.exec(text)?.[1]
  if (!code) throw new Error(`No code was sent to ${phone}`)
  return code
}

/** A code asked for and typed right: the signed-in answer. */
export async function signIn(
  t: ClientTestApp,
  phone: string,
  options: { restaurantId?: string; orderIds?: string[] } = {},
): Promise<EndpointResponse<typeof verifyClientOtp>> {
  const asked = await askCode(t, phone, options)
  expect(asked.statusCode, asked.body).toBe(202)
  const verified = await tryCode(t, phone, lastCode(t, phone), options.orderIds)
  expect(verified.statusCode, verified.body).toBe(200)
  return verifyClientOtp.response.parse(verified.json())
}

/**
 * A diner signs in on any test app with the SMS sandbox, by the code it sent (from
 * `remoteAddress`, when given, for the per-address limits): their profile token.
 */
export async function dinerToken(
  t: TestApp,
  phone: string,
  options: { restaurantId?: string; remoteAddress?: string } = {},
): Promise<string> {
  const asked = await askCode(t, phone, options)
  expect(asked.statusCode, asked.body).toBe(202)
  const code = /^\d{6}/.exec(smsSandboxOf(t.app).outbox(phone)[0]?.text ?? '')?.[0] ?? ''
  const verified = await tryCode(t, phone, code, undefined, options)
  expect(verified.statusCode, verified.body).toBe(200)
  return verified.json<{ token: string }>().token
}

export const asClient = (token: string) => ({ [PROFILE_TOKEN_HEADER]: token })

/** A diner signed in at `restaurantId` by the SMS sandbox's code, with its bonus card: their token. */
export async function dinerWithBonusCard(
  t: ClientTestApp,
  phone: string,
  restaurantId: string,
): Promise<string> {
  const { token } = await signIn(t, phone, { restaurantId })
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/bonus-card',
    headers: asClient(token),
    payload: { restaurantId, acceptRules: true },
  })
  expect(registered.statusCode, registered.body).toBe(200)
  return token
}

/** The diner's bonus card at `restaurantId` with its ledger, as their profile reads it. */
export async function bonusCardOf(
  t: TestApp,
  token: string,
  restaurantId: string,
): Promise<BonusCard> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/me/bonus-card?restaurantId=${restaurantId}`,
    headers: asClient(token),
  })
  expect(response.statusCode, response.body).toBe(200)
  const { card } = getBonusCard.response.parse(response.json())
  if (!card) throw new Error('the diner has no bonus card here')
  return card
}

/** A pickup order at a restaurant, with this contact phone (or none: at a table is not needed). */
export async function placePickup(
  t: TestApp,
  restaurantId: string,
  phone: string,
): Promise<{ id: string; number: number }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/restaurants/${restaurantId}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      type: 'pickup',
      lines: [{ dishId: 'pike-perch', quantity: 1, optionIds: [] }],
      paymentMethod: 'cash',
      contact: { name: 'Ира', phone },
    },
  })
  expect(response.statusCode, response.body).toBe(201)
  return order.parse(response.json())
}
