import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const STAND_IN_SHOP_ID = '100500'
export const STAND_IN_SECRET_KEY = 'test_StandInSecretKey0000000000000000000000'
/** The address the stand-in's notifications say they come from: one of YooKassa's. */
export const STAND_IN_NOTIFICATION_ADDRESS = '185.71.76.7'

type Status = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
type Json = Record<string, unknown>

interface StandInPayment {
  shopId: string
  id: string
  status: Status
  amount: { value: string; currency: string }
  capture: boolean
  method: 'bank_card' | 'sbp'
  description: string | undefined
  metadata: Json | undefined
  returnUrl: string
  createdAt: string
  capturedAt: string | null
  refunded: number
  cancellation: { party: string; reason: string } | null
  receipt: Json | undefined
  /** Set once the payment succeeded: how its receipt's registration ended (or not yet). */
  registration: Registration | undefined
}

/** A receipt's `receipt_registration` on a payment or refund object. */
export type Registration = 'pending' | 'succeeded' | 'canceled'

/** How a request to one path is made to fail, for the given number of times. */
export type StandInFault = 'timeout' | 500 | 202

/**
 * A stand-in for YooKassa's API v3 as its documentation describes it
 * (yookassa.ru/developers/using-api/basics, /api): HTTP Basic with shop id and secret key; an
 * Idempotence-Key on every POST, where the same key and body answer the same again and the same
 * key with another body is `400 invalid_request`; errors as `{type:"error", id, code,
 * description, parameter}` (400 invalid_request, 401 invalid_credentials, 404 not_found, 500
 * internal_server_error); `POST /payments`, `GET /payments/{id}`, `POST /payments/{id}/capture`
 * and `/cancel`, `POST /refunds` (never more than is left to refund), `POST /receipts` and
 * `GET /receipts/{id}` (a receipt of its own for a payment or refund, decision 0147), `GET /me`.
 * A hosted page
 * (`/checkout/{id}`) takes the diner's answer and the stand-in then sends the shop the
 * notification `{type:"notification", event, object}`, from one of YooKassa's addresses as a
 * proxy in front of the shop would report it (X-Forwarded-For). Faults: a path can be made to
 * time out, answer 500 or 202 the next few times. A payment or refund that carried a `receipt`
 * says how its registration went, `receipt_registration` (`pending`, `succeeded`, `canceled`):
 * registered once the payment succeeded, unless told to refuse receipts or hold them.
 */
export function startYooKassaStandIn(
  options: {
    /** Where notifications go (the shop's `POST /payments/webhooks/yookassa`). */
    notificationUrl?: string
    /** The address the notifications claim through X-Forwarded-For. */
    notifyFrom?: string
    port?: number
    host?: string
  } = {},
) {
  const shops = new Map<string, string>([[STAND_IN_SHOP_ID, STAND_IN_SECRET_KEY]])
  const payments = new Map<string, StandInPayment>()
  const refunds = new Map<string, Json>()
  let holdingRefunds = false
  /** What the partner cash register makes of the receipts that come from now on. */
  let receiptsEnd: Registration = 'succeeded'
  /** The receipts refunds carried (a payment's is on the payment). */
  const receipts: { refundId: string; receipt: Json }[] = []
  /** Receipts made by `POST /receipts`, with how their register will end them. */
  const madeReceipts = new Map<string, { shopId: string; end: Registration; object: Json }>()
  /** Per shop and key: the body's hash and the answer first given. */
  const idempotence = new Map<string, { hash: string; status: number; body: Json }>()
  const faults = new Map<string, StandInFault[]>()
  const requests: { method: string; path: string; key: string | undefined; body: Json }[] = []
  const notifications: { body: Json; status: number | 'failed' }[] = []
  let notificationUrl = options.notificationUrl
  let notifyFrom = options.notifyFrom ?? STAND_IN_NOTIFICATION_ADDRESS
  let origin = ''
  const inFlight = new Set<Promise<void>>()

  const error = (status: number, code: string, description: string, parameter?: string) => ({
    status,
    body: {
      type: 'error',
      id: randomBytes(16).toString('hex'),
      code,
      description,
      ...(parameter ? { parameter } : {}),
    },
  })

  const view = (payment: StandInPayment): Json => ({
    id: payment.id,
    status: payment.status,
    paid: payment.status === 'succeeded' || payment.status === 'waiting_for_capture',
    amount: payment.amount,
    ...(payment.status === 'succeeded'
      ? { income_amount: payment.amount, captured_at: payment.capturedAt }
      : {}),
    confirmation:
      payment.status === 'pending'
        ? {
            type: 'redirect',
            return_url: payment.returnUrl,
            confirmation_url: `${origin}/checkout/${payment.id}`,
          }
        : undefined,
    created_at: payment.createdAt,
    description: payment.description,
    metadata: payment.metadata ?? {},
    payment_method: { type: payment.method, id: payment.id, saved: false },
    recipient: { account_id: payment.shopId, gateway_id: '100700' },
    refundable: payment.status === 'succeeded',
    refunded_amount:
      payment.refunded > 0
        ? { value: (payment.refunded / 100).toFixed(2), currency: payment.amount.currency }
        : undefined,
    test: true,
    // With a receipt: registered (or refused) once the payment succeeded, by the partner cash
    // register; `pending` until then, and while the register works on it.
    ...(payment.receipt ? { receipt_registration: payment.registration ?? 'pending' } : {}),
    ...(payment.cancellation ? { cancellation_details: payment.cancellation } : {}),
  })

  const minor = (value: unknown): number | null =>
    typeof value === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(value)
      ? Math.round(Number(value) * 100)
      : null

  /**
   * What is wrong with a `receipt` (developers/payment-acceptance/receipts/54fz): a customer's
   * email or phone, 1–80 items, each with a description of at most 128, a quantity, a price
   * (`amount`), `vat_code` 1–12, and the items' prices × quantities come to `total` exactly.
   */
  function receiptProblem(receipt: unknown, total: number): string | null {
    if (receipt === undefined) return null
    const object = (receipt ?? {}) as Json
    const customer = (object.customer ?? {}) as Json
    if (typeof customer.email !== 'string' && typeof customer.phone !== 'string') {
      return 'receipt.customer'
    }
    const items = Array.isArray(object.items) ? (object.items as Json[]) : []
    if (items.length === 0 || items.length > 80) return 'receipt.items'
    let sum = 0
    for (const item of items) {
      const price = minor((item.amount as Json | undefined)?.value)
      const quantity = Number(item.quantity)
      if (typeof item.description !== 'string' || item.description.length > 128) {
        return 'receipt.items.description'
      }
      if (price === null || !(quantity > 0)) return 'receipt.items.amount'
      if (typeof item.vat_code !== 'number' || item.vat_code < 1 || item.vat_code > 12) {
        return 'receipt.items.vat_code'
      }
      sum += Math.round(price * quantity)
    }
    return sum === total ? null : 'receipt.items'
  }

  function createPayment(shopId: string, body: Json) {
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined
    const value = minor(amount?.value)
    if (value === null || value <= 0) {
      return error(400, 'invalid_request', 'Invalid amount value', 'amount.value')
    }
    if (amount?.currency !== 'RUB') {
      return error(400, 'invalid_request', 'Invalid currency', 'amount.currency')
    }
    const confirmation = body.confirmation as { type?: unknown; return_url?: unknown } | undefined
    if (confirmation?.type !== 'redirect' || typeof confirmation.return_url !== 'string') {
      return error(400, 'invalid_request', 'Redirect confirmation needs return_url', 'confirmation')
    }
    const method = (body.payment_method_data as { type?: unknown } | undefined)?.type
    if (method !== 'bank_card' && method !== 'sbp') {
      return error(400, 'invalid_request', 'Unsupported payment method', 'payment_method_data.type')
    }
    if (method === 'sbp' && body.capture === false) {
      return error(400, 'invalid_request', 'SBP does not support two-stage payments', 'capture')
    }
    if (method === 'sbp' && value > 700_000_00) {
      return error(400, 'invalid_request', 'Amount is over the SBP limit', 'amount.value')
    }
    if (typeof body.description === 'string' && body.description.length > 128) {
      return error(400, 'invalid_request', 'Description is longer than 128', 'description')
    }
    const badReceipt = receiptProblem(body.receipt, value)
    if (badReceipt) {
      return error(
        400,
        'invalid_request',
        'Receipt is invalid or does not match amount',
        badReceipt,
      )
    }
    const id = `${randomBytes(4).toString('hex')}-000f-5000-8000-${randomBytes(6).toString('hex')}`
    const payment: StandInPayment = {
      shopId,
      id,
      status: 'pending',
      amount: { value: (value / 100).toFixed(2), currency: 'RUB' },
      capture: body.capture === true,
      method,
      description: typeof body.description === 'string' ? body.description : undefined,
      metadata: body.metadata as Json | undefined,
      returnUrl: confirmation.return_url,
      createdAt: new Date().toISOString(),
      capturedAt: null,
      refunded: 0,
      cancellation: null,
      receipt: body.receipt as Json | undefined,
      registration: undefined,
    }
    payments.set(id, payment)
    return { status: 200, body: view(payment) }
  }

  function refund(shopId: string, body: Json) {
    const payment = typeof body.payment_id === 'string' ? payments.get(body.payment_id) : undefined
    if (!payment || payment.shopId !== shopId) {
      return error(400, 'invalid_request', 'Payment not found', 'payment_id')
    }
    if (payment.status !== 'succeeded') {
      return error(400, 'invalid_request', 'Payment is not succeeded', 'payment_id')
    }
    const amount = body.amount as { value?: unknown; currency?: unknown } | undefined
    const value = minor(amount?.value)
    if (value === null || value <= 0 || amount?.currency !== payment.amount.currency) {
      return error(400, 'invalid_request', 'Invalid refund amount', 'amount')
    }
    const paid = minor(payment.amount.value) ?? 0
    if (value > paid - payment.refunded) {
      return error(
        400,
        'invalid_request',
        'Refund amount exceeds the amount available for refund',
        'amount.value',
      )
    }
    const badReceipt = receiptProblem(body.receipt, value)
    if (badReceipt) {
      return error(
        400,
        'invalid_request',
        'Receipt is invalid or does not match amount',
        badReceipt,
      )
    }
    payment.refunded += value
    const created: Json = {
      id: `${randomBytes(4).toString('hex')}-0015-5000-9000-${randomBytes(6).toString('hex')}`,
      payment_id: payment.id,
      status: holdingRefunds ? 'pending' : 'succeeded',
      created_at: new Date().toISOString(),
      amount: { value: (value / 100).toFixed(2), currency: payment.amount.currency },
      ...(body.receipt ? { receipt_registration: receiptsEnd } : {}),
    }
    if (body.receipt)
      receipts.push({ refundId: created.id as string, receipt: body.receipt as Json })
    refunds.set(created.id as string, created)
    if (!holdingRefunds) track(notify('refund.succeeded', created))
    return { status: 200, body: created }
  }

  /** A refund held `pending` ends as YooKassa ends it: succeeded, or canceled (money kept). */
  function settleRefund(id: string, status: 'succeeded' | 'canceled') {
    const held = refunds.get(id)
    if (held?.status !== 'pending') return
    held.status = status
    if (status === 'canceled') {
      const payment = payments.get(held.payment_id as string)
      const value = minor((held.amount as { value?: unknown } | undefined)?.value) ?? 0
      if (payment) payment.refunded -= value
      held.cancellation_details = { party: 'yoo_money', reason: 'rejected_by_payee' }
    } else {
      track(notify('refund.succeeded', held))
    }
  }

  /** A receipt the register held `pending` ends: registered, or refused (`canceled`). */
  function settleReceipt(id: string, registration: 'succeeded' | 'canceled') {
    const payment = payments.get(id)
    if (payment?.registration === 'pending') payment.registration = registration
    const refund = refunds.get(id)
    if (refund?.receipt_registration === 'pending') refund.receipt_registration = registration
    const made = madeReceipts.get(id)
    if (made?.object.status === 'pending') made.end = registration
  }

  const SETTLEMENT_TYPES = new Set(['cashless', 'prepayment', 'postpayment', 'consideration'])

  /**
   * `POST /receipts` (developers/api#create_receipt, "receipt after payment"): `type` payment or
   * refund with the `payment_id` or `refund_id` of one of the shop's succeeded payments or its
   * refunds, `customer`, `items`, `settlements` (cashless, prepayment, postpayment,
   * consideration) whose sum the items come to, `send`, optional `tax_system_code` 1–6. The
   * receipt is `pending` when made; its register ends it as `receiptsWill` says, seen on the
   * next read.
   */
  function createReceipt(shopId: string, body: Json) {
    const type = body.type
    if (type !== 'payment' && type !== 'refund') {
      return error(400, 'invalid_request', 'Receipt type must be payment or refund', 'type')
    }
    const idField = type === 'payment' ? 'payment_id' : 'refund_id'
    const ofId = body[idField]
    const refund = type === 'refund' && typeof ofId === 'string' ? refunds.get(ofId) : undefined
    const payment =
      typeof ofId !== 'string'
        ? undefined
        : type === 'payment'
          ? payments.get(ofId)
          : refund && payments.get(refund.payment_id as string)
    if (!payment || payment.shopId !== shopId) {
      return error(400, 'invalid_request', `No such ${type} for this shop`, idField)
    }
    if (payment.status !== 'succeeded' || (refund && refund.status !== 'succeeded')) {
      return error(400, 'invalid_request', `The ${type} is not succeeded`, idField)
    }
    if (typeof body.send !== 'boolean') {
      return error(400, 'invalid_request', 'send is required', 'send')
    }
    const code = body.tax_system_code
    if (code !== undefined && (typeof code !== 'number' || code < 1 || code > 6)) {
      return error(400, 'invalid_request', 'Invalid tax_system_code', 'tax_system_code')
    }
    const settlements = Array.isArray(body.settlements) ? (body.settlements as Json[]) : []
    let settled = 0
    for (const settlement of settlements) {
      const value = minor((settlement.amount as Json | undefined)?.value)
      if (!SETTLEMENT_TYPES.has(settlement.type as string) || value === null || value <= 0) {
        return error(400, 'invalid_request', 'Invalid settlement', 'settlements')
      }
      settled += value
    }
    if (settlements.length === 0) {
      return error(400, 'invalid_request', 'settlements are required', 'settlements')
    }
    const badReceipt = receiptProblem(body, settled)
    if (badReceipt) {
      return error(
        400,
        'invalid_request',
        'Receipt is invalid or does not match the settlements',
        badReceipt.replace(/^receipt\./, ''),
      )
    }
    const id = `rt-${randomBytes(4).toString('hex')}-0384-50e8-a7f3-${randomBytes(6).toString('hex')}`
    const object: Json = {
      id,
      type,
      [idField]: ofId,
      status: 'pending',
      items: body.items,
      settlements,
      ...(code === undefined ? {} : { tax_system_code: code }),
    }
    madeReceipts.set(id, { shopId, end: receiptsEnd, object })
    return { status: 200, body: { ...object } }
  }

  /** `GET /receipts/{id}`: the receipt as its register has it now. */
  function readReceipt(shopId: string, id: string) {
    const made = madeReceipts.get(id)
    if (made?.shopId !== shopId) return error(404, 'not_found', 'Receipt not found')
    if (made.object.status === 'pending' && made.end !== 'pending') {
      made.object.status = made.end
      if (made.end === 'succeeded') {
        made.object.registered_at = new Date().toISOString()
        made.object.fiscal_document_number = String(madeReceipts.size)
      }
    }
    return { status: 200, body: { ...made.object } }
  }

  function route(method: string, path: string, shopId: string, body: Json) {
    if (method === 'GET' && path === '/v3/me') {
      return {
        status: 200,
        body: {
          account_id: shopId,
          test: true,
          fiscalization_enabled: false,
          payment_methods: ['bank_card', 'sbp'],
          status: 'enabled',
        },
      }
    }
    if (method === 'POST' && path === '/v3/payments') return createPayment(shopId, body)
    if (method === 'POST' && path === '/v3/refunds') return refund(shopId, body)
    if (method === 'POST' && path === '/v3/receipts') return createReceipt(shopId, body)
    const receiptPath = /^\/v3\/receipts\/([\w-]+)$/.exec(path)
    if (method === 'GET' && receiptPath) return readReceipt(shopId, receiptPath[1] ?? '')
    const refundPath = /^\/v3\/refunds\/([\w-]+)$/.exec(path)
    if (method === 'GET' && refundPath) {
      const found = refunds.get(refundPath[1] ?? '')
      const of = found && payments.get(found.payment_id as string)
      if (!found || of?.shopId !== shopId) return error(404, 'not_found', 'Refund not found')
      return { status: 200, body: found }
    }
    const found = /^\/v3\/payments\/([\w-]+)(\/capture|\/cancel)?$/.exec(path)
    const payment = found ? payments.get(found[1] ?? '') : undefined
    if (!found || !payment || payment.shopId !== shopId) {
      return error(404, 'not_found', 'Payment not found')
    }
    if (method === 'GET' && !found[2]) return { status: 200, body: view(payment) }
    if (method === 'POST' && found[2] === '/capture') {
      if (payment.status === 'waiting_for_capture') move(payment, 'succeeded')
      if (payment.status !== 'succeeded') {
        return error(400, 'invalid_request', `Payment is in status ${payment.status}`)
      }
      return { status: 200, body: view(payment) }
    }
    if (method === 'POST' && found[2] === '/cancel') {
      if (payment.status === 'waiting_for_capture') {
        move(payment, 'canceled', { party: 'merchant', reason: 'canceled_by_merchant' })
      }
      if (payment.status !== 'canceled') {
        return error(400, 'invalid_request', `Payment is in status ${payment.status}`)
      }
      return { status: 200, body: view(payment) }
    }
    return error(405, 'method_not_allowed', 'Method not allowed')
  }

  function move(
    payment: StandInPayment,
    status: Status,
    cancellation: StandInPayment['cancellation'] = null,
  ) {
    payment.status = status
    payment.cancellation = cancellation
    if (status === 'succeeded') {
      payment.capturedAt = new Date().toISOString()
      if (payment.receipt) payment.registration = receiptsEnd
    }
    const event =
      status === 'canceled'
        ? 'payment.canceled'
        : status === 'waiting_for_capture'
          ? 'payment.waiting_for_capture'
          : 'payment.succeeded'
    track(notify(event, view(payment)))
  }

  function track(sending: Promise<void>) {
    inFlight.add(sending)
    void sending.finally(() => inFlight.delete(sending))
  }

  async function notify(event: string, object: Json): Promise<void> {
    if (!notificationUrl) return
    const body = { type: 'notification', event, object }
    const record: (typeof notifications)[number] = { body, status: 'failed' }
    notifications.push(record)
    try {
      const response = await fetch(notificationUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': notifyFrom },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      await response.arrayBuffer()
      record.status = response.status
    } catch {
      record.status = 'failed'
    }
  }

  /** The diner's answer on the hosted page, or a test's. */
  function decide(id: string, answer: 'succeed' | 'decline' | 'insufficient_funds') {
    const payment = payments.get(id)
    if (payment?.status !== 'pending') return payment
    if (answer === 'succeed') move(payment, payment.capture ? 'succeeded' : 'waiting_for_capture')
    else {
      move(payment, 'canceled', {
        party: payment.method === 'sbp' ? 'payment_network' : 'issuer',
        reason: answer === 'decline' ? 'general_decline' : 'insufficient_funds',
      })
    }
    return payment
  }

  const send = (response: ServerResponse, status: number, body: Json) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }

  function checkout(request: IncomingMessage, response: ServerResponse, id: string, form: string) {
    const payment = payments.get(id)
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Нет платежа')
      return
    }
    if (request.method === 'POST') {
      const answer = new URLSearchParams(form).get('answer')
      decide(id, answer === 'decline' ? 'decline' : 'succeed')
      response.writeHead(303, { location: payment.returnUrl }).end()
      return
    }
    const what = payment.method === 'sbp' ? 'СБП' : 'Банковская карта'
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>ЮKassa (тестовый стенд)</title></head><body><main><h1>ЮKassa — тестовый стенд</h1><p>Тестовый платёж: деньги не списываются.</p><p>${escapeHtml(payment.description ?? '')}</p><p>${escapeHtml(what)}: <b>${payment.amount.value} ₽</b></p><p>Статус: ${payment.status}</p>${
        payment.status === 'pending'
          ? `<form method="post"><button name="answer" value="succeed">Оплатить</button> <button name="answer" value="decline">Отказаться</button></form>`
          : `<p><a href="${escapeHtml(payment.returnUrl)}">Вернуться в магазин</a></p>`
      }</main></body></html>`,
    )
  }

  const server: Server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const page = /^\/checkout\/([\w-]+)$/.exec(url.pathname)
      if (page) {
        checkout(request, response, page[1] ?? '', raw)
        return
      }
      const method = request.method ?? 'GET'
      let body: Json = {}
      if (raw) {
        try {
          body = JSON.parse(raw) as Json
        } catch {
          const bad = error(400, 'invalid_request', 'Request body is not valid JSON')
          send(response, bad.status, bad.body)
          return
        }
      }
      const key = request.headers['idempotence-key']
      const keyText = typeof key === 'string' ? key : undefined
      requests.push({ method, path: url.pathname, key: keyText, body })
      const fault = faults.get(url.pathname)?.shift()
      if (fault === 'timeout') return // never answers: the client's timeout ends the wait
      if (fault === 500) {
        const failed = error(500, 'internal_server_error', 'Internal server error')
        send(response, failed.status, failed.body)
        return
      }
      if (fault === 202) {
        send(response, 202, { type: 'processing', description: 'Request accepted', retry_after: 0 })
        return
      }
      const [scheme, encoded = ''] = (request.headers.authorization ?? '').split(' ')
      const [shopId = '', secret = ''] = Buffer.from(encoded, 'base64').toString().split(':')
      if (scheme !== 'Basic' || shops.get(shopId) !== secret || !secret) {
        const denied = error(
          401,
          'invalid_credentials',
          'Authentication by given credentials failed',
        )
        send(response, denied.status, denied.body)
        return
      }
      if (method === 'POST') {
        if (!keyText || keyText.length > 64) {
          const bad = error(
            400,
            'invalid_request',
            'Idempotence key header is missing or longer than 64',
            'Idempotence-Key',
          )
          send(response, bad.status, bad.body)
          return
        }
        const hash = createHash('sha256').update(`${url.pathname} ${raw}`).digest('hex')
        const seen = idempotence.get(`${shopId} ${keyText}`)
        if (seen && seen.hash !== hash) {
          const bad = error(400, 'invalid_request', 'Idempotence key duplicated', 'Idempotence-Key')
          send(response, bad.status, bad.body)
          return
        }
        if (seen) {
          send(response, seen.status, seen.body)
          return
        }
        const answer = route(method, url.pathname, shopId, body)
        idempotence.set(`${shopId} ${keyText}`, { hash, status: answer.status, body: answer.body })
        send(response, answer.status, answer.body)
        return
      }
      const answer = route(method, url.pathname, shopId, body)
      send(response, answer.status, answer.body)
    })
  })

  return new Promise<YooKassaStandIn>((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      origin = `http://${options.host ?? '127.0.0.1'}:${String(port)}`
      resolve({
        server,
        origin,
        apiUrl: `${origin}/v3`,
        requests,
        notifications,
        payments: (id: string) => {
          const payment = payments.get(id)
          return payment && view(payment)
        },
        refundReceipts: receipts,
        madeReceipts: () => [...madeReceipts.values()].map((made) => ({ ...made.object })),
        refundsOf: (paymentId: string) =>
          [...refunds.values()].filter((refund) => refund.payment_id === paymentId),
        decide,
        holdRefunds: (hold = true) => {
          holdingRefunds = hold
        },
        settleRefund,
        receiptsWill: (end: Registration) => {
          receiptsEnd = end
        },
        settleReceipt,
        addShop: (shopId: string, secretKey: string) => shops.set(shopId, secretKey),
        tamperAmount: (id: string, value: string) => {
          const payment = payments.get(id)
          if (payment) payment.amount = { ...payment.amount, value }
        },
        fail: (path: string, ...times: StandInFault[]) => {
          faults.set(path, [...(faults.get(path) ?? []), ...times])
        },
        notifyTo: (url: string, from = notifyFrom) => {
          notificationUrl = url
          notifyFrom = from
        },
        /** Sends a payment's last notification again, as YooKassa does until answered 200. */
        replay: (id: string) => {
          const last = notifications.findLast(
            (sent) => (sent.body.object as Json | undefined)?.id === id,
          )
          return last
            ? notify(last.body.event as string, last.body.object as Json)
            : Promise.resolve()
        },
        delivered: async () => {
          while (inFlight.size > 0) await Promise.all(inFlight)
        },
        close: async () => {
          server.closeAllConnections()
          await new Promise((done) => server.close(done))
        },
      })
    })
  })
}

export interface YooKassaStandIn {
  server: Server
  origin: string
  apiUrl: string
  requests: { method: string; path: string; key: string | undefined; body: Json }[]
  notifications: { body: Json; status: number | 'failed' }[]
  payments: (id: string) => Json | undefined
  refundsOf: (paymentId: string) => Json[]
  /** New refunds stay `pending` (as YooKassa's may for days) until `settleRefund`. */
  holdRefunds: (hold?: boolean) => void
  settleRefund: (id: string, status: 'succeeded' | 'canceled') => void
  refundReceipts: { refundId: string; receipt: Json }[]
  /** The receipts `POST /receipts` made, as they stand. */
  madeReceipts: () => Json[]
  /**
   * What becomes of the receipts of payments that succeed and refunds made from now on:
   * registered (the default), refused by the register (`canceled`), or held `pending`.
   */
  receiptsWill: (end: Registration) => void
  /**
   * A receipt held `pending` (a payment's or a refund's, by its id, or one `POST /receipts` made)
   * is registered or refused.
   */
  settleReceipt: (id: string, registration: 'succeeded' | 'canceled') => void
  decide: (
    id: string,
    answer: 'succeed' | 'decline' | 'insufficient_funds',
  ) => StandInPayment | undefined
  addShop: (shopId: string, secretKey: string) => void
  /** A misbehaving acquirer: the payment's amount as it will answer it from now on. */
  tamperAmount: (id: string, value: string) => void
  fail: (path: string, ...times: StandInFault[]) => void
  notifyTo: (url: string, from?: string) => void
  replay: (id: string) => Promise<void>
  /** Resolves once every notification sent so far has been answered (or failed). */
  delivered: () => Promise<void>
  close: () => Promise<void>
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`)
