import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FiscalReceipt } from '@tableside/contracts/receipts'
import { AtolError, AtolUnavailable, atolTimestamp, createAtolApi } from './atol-api'
import { atolReceipt } from './atol-receipt'
import {
  ATOL_STAND_IN_GROUP,
  ATOL_STAND_IN_LOGIN,
  ATOL_STAND_IN_PASSWORD,
  startAtolStandIn,
  type AtolStandIn,
} from './atol-stand-in'

const receipt: FiscalReceipt = {
  kind: 'sell',
  taxSystem: 'usn_income',
  customer: { email: 'guest@example.ru' },
  items: [
    {
      name: 'Борщ',
      price: 33_333,
      quantity: 2,
      sum: 66_666,
      vat: 'none',
      subject: 'commodity',
      mode: 'full_payment',
    },
    {
      name: 'Сервисный сбор',
      price: 6_667,
      quantity: 1,
      sum: 6_667,
      vat: 'none',
      subject: 'service',
      mode: 'full_payment',
    },
  ],
  total: 73_333,
  currency: 'RUB',
}
const company = {
  email: 'shop@example.ru',
  inn: '7707083893',
  paymentAddress: 'https://shop.example.ru',
}
const document = (externalId: string) => ({
  external_id: externalId,
  receipt: atolReceipt(receipt, company),
  timestamp: atolTimestamp(new Date('2026-11-29T12:00:00Z')),
})

describe('АТОЛ Онлайн v5 through its stand-in', () => {
  let standIn: AtolStandIn
  beforeAll(async () => {
    standIn = await startAtolStandIn()
  })
  afterAll(() => standIn.close())

  const api = (password = ATOL_STAND_IN_PASSWORD, timeoutMs = 2_000) =>
    createAtolApi(
      { login: ATOL_STAND_IN_LOGIN, password, groupCode: ATOL_STAND_IN_GROUP, live: false },
      { baseUrl: standIn.apiUrl, backoffMs: () => 0, timeoutMs },
    )

  it('writes the receipt as v5 wants it: roubles, ФФД 1.2 numbers, one electronic payment', () => {
    const mapped = atolReceipt(receipt, company)
    expect(mapped.items[0]).toEqual({
      name: 'Борщ',
      price: 333.33,
      quantity: 2,
      sum: 666.66,
      measure: 0,
      payment_method: 'full_payment',
      payment_object: 1,
      vat: { type: 'none' },
    })
    expect(mapped.items[1]?.payment_object).toBe(4)
    expect(mapped.payments).toEqual([{ type: 1, sum: 733.33 }])
    expect(mapped.company).toEqual({
      email: 'shop@example.ru',
      sno: 'usn_income',
      inn: '7707083893',
      payment_address: 'https://shop.example.ru',
    })
    expect(atolTimestamp(new Date('2026-11-29T12:00:00Z'))).toBe('29.11.2026 15:00:00')
  })

  it('a wrong password is refused for good (code 12), and nothing is sent', async () => {
    const before = standIn.documents().length
    const refused = await api('wrong')
      .send('sell', document('wrong-pass'))
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AtolError)
    expect((refused as AtolError).code).toBe(12)
    expect(standIn.documents().length).toBe(before)
  })

  it('sends a receipt, and the same external_id again answers the same document', async () => {
    const client = api()
    const first = await client.send('sell', document('pay-1'))
    const again = await client.send('sell', document('pay-1'))
    expect(again.uuid).toBe(first.uuid)
    expect(standIn.documents().filter((d) => d.externalId === 'pay-1')).toHaveLength(1)
    expect((await client.report(first.uuid)).status).toBe('done')
    const sent = standIn.requests.findLast((r) => r.path.endsWith('/sell'))
    expect(sent?.path).toBe(`/possystem/v5/${ATOL_STAND_IN_GROUP}/sell`)
    expect(sent?.token).toMatch(/^[0-9a-f]{32}$/)
  })

  it('reads a duplicate as АТОЛ writes it: HTTP 400, code 33 (10 is a token it does not know)', async () => {
    const client = api()
    const first = await client.send('sell', document('pay-dup'))
    const token = standIn.requests.findLast((r) => r.path.endsWith('/sell'))?.token
    // Over the wire, as the service answers a second document under one external_id.
    const raw = await fetch(`${standIn.apiUrl}/${ATOL_STAND_IN_GROUP}/sell`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', token: token ?? '' },
      body: JSON.stringify(document('pay-dup')),
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({ uuid: first.uuid, error: { code: 33 } })
    const unknown = await fetch(`${standIn.apiUrl}/${ATOL_STAND_IN_GROUP}/sell`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', token: 'not-a-token' },
      body: JSON.stringify(document('pay-dup')),
    })
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toMatchObject({ error: { code: 10 } })
    expect(standIn.documents().filter((d) => d.externalId === 'pay-dup')).toHaveLength(1)
  })

  it('a duplicate whose answer names no uuid is refused in words a manager can act on', async () => {
    await api().send('sell', document('pay-dup-2'))
    // The same service, its duplicate answer without the uuid (not confirmed that АТОЛ names it).
    const withoutUuid: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init)
      const body = (await answer.json()) as Record<string, unknown>
      delete body.uuid
      return new Response(JSON.stringify(body), { status: answer.status })
    }
    const refused = await createAtolApi(
      {
        login: ATOL_STAND_IN_LOGIN,
        password: ATOL_STAND_IN_PASSWORD,
        groupCode: ATOL_STAND_IN_GROUP,
        live: false,
      },
      { baseUrl: standIn.apiUrl, backoffMs: () => 0, fetch: withoutUuid },
    )
      .send('sell', document('pay-dup-2'))
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(AtolError)
    expect((refused as AtolError).code).toBe(33)
    expect(String(refused)).toMatch(/already holds a document under external_id pay-dup-2/)
    expect(standIn.documents().filter((d) => d.externalId === 'pay-dup-2')).toHaveLength(1)
  })

  it('a report of a uuid АТОЛ does not hold is refused (code 30)', async () => {
    const refused = await api()
      .report('00000000-0000-4000-8000-000000000000')
      .catch((e: unknown) => e)
    expect((refused as AtolError).code).toBe(30)
  })

  it('takes a new token when its own expired, once', async () => {
    const client = api()
    await client.send('sell', document('pay-2'))
    standIn.expireTokens()
    const sent = await client.send('sell_refund', document('refund-2'))
    expect(sent.uuid).toBeTruthy()
    expect(standIn.documents().find((d) => d.uuid === sent.uuid)?.operation).toBe('sell_refund')
  })

  it('repeats a 500 and a timeout with the same external_id; gives up as unavailable after three', async () => {
    const path = `/${ATOL_STAND_IN_GROUP}/sell`
    standIn.fail(path, 500, 'timeout')
    const sent = await api(ATOL_STAND_IN_PASSWORD, 300).send('sell', document('pay-3'))
    expect(standIn.documents().filter((d) => d.externalId === 'pay-3')).toHaveLength(1)
    expect(sent.uuid).toBeTruthy()
    standIn.fail(path, 500, 500, 500)
    await expect(api().send('sell', document('pay-4'))).rejects.toBeInstanceOf(AtolUnavailable)
    expect(standIn.documents().some((d) => d.externalId === 'pay-4')).toBe(false)
  })

  it('refuses a receipt whose sums do not add up (code 32)', async () => {
    const bad = document('pay-5')
    bad.receipt.total = 1
    const refused = await api()
      .send('sell', bad)
      .catch((e: unknown) => e)
    expect((refused as AtolError).code).toBe(32)
  })
})
