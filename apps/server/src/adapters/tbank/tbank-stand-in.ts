import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tokenMatches, tokenOf } from './tbank-api'

/** The stand-in's test terminal (a test terminal's key ends in DEMO) and its password. */
export const STAND_IN_TERMINAL_KEY = 'TablesideDEMO'
export const STAND_IN_PASSWORD = 'StandInPassword0'

type Json = Record<string, unknown>
type Status =
  | 'NEW'
  | 'FORM_SHOWED'
  | 'AUTHORIZED'
  | 'CONFIRMED'
  | 'REJECTED'
  | 'CANCELED'
  | 'DEADLINE_EXPIRED'
  | 'PARTIAL_REFUNDED'
  | 'REFUNDED'

interface StandInPayment {
  terminalKey: string
  id: string
  orderId: string
  status: Status
  amount: number
  refunded: number
  description: string
  successUrl: string
  failUrl: string
  notificationUrl: string | undefined
  dueDate: number
  sbp: boolean
  errorCode: string
  receipt: Json | undefined
  data: Json | undefined
}

/**
 * How a method is made to fail, the next few times it is called: no answer or a 500 before it did
 * anything (`timeout`, `500`), or after it did its work (`done-then-timeout`, `done-then-500`: a
 * refund made whose answer is lost, the case decision 0141 guards against).
 */
export type TBankStandInFault = 'timeout' | 500 | 'done-then-timeout' | 'done-then-500'

/**
 * The error answers the stand-in gives: HTTP 200, `Success: false`, an `ErrorCode`, `Message`
 * and `Details`, as T-Bank's API answers, with the codes of its table
 * (developer.tbank.ru/eacq/intro/errors/error-codes): 1 parameters not matched, 8 wrong status of
 * the payment, 202 terminal blocked, 204 wrong token, 205 terminal not found (the same words as
 * 204), 251 wrong amount. A payment T-Bank does not know is 255 in a public copy of that table's
 * guidance, not confirmed on T-Bank's own page (decision 0132).
 */
export const STAND_IN_ERRORS = {
  wrongStatus: ['8', 'Неверный статус транзакции'],
  wrongAmount: ['251', 'Неверная сумма'],
  notFound: ['255', 'Платеж не найден'],
  badRequest: ['1', 'Параметры не сопоставлены'],
  wrongToken: ['204', 'Неверный токен. Проверьте пару TerminalKey/SecretKey'],
  noTerminal: ['205', 'Неверный токен. Проверьте пару TerminalKey/SecretKey'],
} as const

/**
 * A stand-in for T-Bank's internet acquiring API v2 as its documentation describes it
 * (developer.tbank.ru/eacq/api): every method a JSON POST with `TerminalKey` and `Token` (checked
 * as T-Bank makes it), answered with `Success` and `ErrorCode`. `Init` (one-stage, `OrderId` up
 * to 36, `Description` up to 140; the same `OrderId` and amount while the payment is NEW answer
 * the same payment), `GetQr` (SBP: `PAYLOAD` a link, `IMAGE` an SVG), `GetState`, `Cancel` (a NEW
 * payment cancelled; a paid one refunded whole or in part, never more than is left, once per
 * `ExternalRequestId`). The card page (`/pay/{id}`) and the SBP page its QR link opens
 * (`/sbp/{id}`, the bank app's stand-in) take the diner's answer; then the shop's
 * `NotificationURL` gets the statuses, signed with the terminal's password, and must answer `OK`.
 * Faults: a method can be made to time out or answer 500 the next few times, before or after it
 * did its work. An SBP payment's refund ignores `ExternalRequestId`, as T-Bank's Cancel says
 * ("Параметр не работает для операций по СБП"): a repeat refunds again (decision 0141).
 * `GetState` answers the payment's `Amount` as it stands after refunds (what Cancel's answer
 * calls `NewAmount`), or, told `amountAfterRefunds('paid')`, the amount paid: T-Bank's page
 * does not say which (decision 0141), and the adapter copes with both.
 */
export function startTBankStandIn(options: { port?: number; host?: string } = {}) {
  const terminals = new Map<string, string>([[STAND_IN_TERMINAL_KEY, STAND_IN_PASSWORD]])
  const payments = new Map<string, StandInPayment>()
  const refundsDone = new Map<string, Json>()
  const faults = new Map<string, TBankStandInFault[]>()
  const requests: { method: string; body: Json }[] = []
  const notifications: { url: string; body: Json; status: number | 'failed'; text: string }[] = []
  let notificationOverride: string | undefined
  let stateAmount: 'left' | 'paid' = 'left'
  let origin = ''
  const inFlight = new Set<Promise<void>>()

  const failure = (
    terminalKey: unknown,
    [code, message]: readonly [string, string],
    details = '',
  ) => ({
    Success: false,
    ErrorCode: code,
    Message: message,
    Details: details,
    ...(typeof terminalKey === 'string' ? { TerminalKey: terminalKey } : {}),
  })

  const ok = (payment: StandInPayment, extra: Json = {}) => ({
    Success: true,
    ErrorCode: '0',
    TerminalKey: payment.terminalKey,
    Status: payment.status,
    PaymentId: payment.id,
    OrderId: payment.orderId,
    ...extra,
  })

  const expire = (payment: StandInPayment) => {
    if (
      (payment.status === 'NEW' || payment.status === 'FORM_SHOWED') &&
      Date.now() > payment.dueDate
    ) {
      move(payment, 'DEADLINE_EXPIRED')
    }
  }

  function init(terminalKey: string, body: Json): Json {
    const amount = body.Amount
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return failure(
        terminalKey,
        STAND_IN_ERRORS.wrongAmount,
        'Amount is kopecks, a positive integer',
      )
    }
    const orderId = body.OrderId
    if (typeof orderId !== 'string' || orderId.length === 0 || orderId.length > 36) {
      return failure(terminalKey, STAND_IN_ERRORS.badRequest, 'OrderId: 1 to 36 characters')
    }
    if (typeof body.Description === 'string' && body.Description.length > 140) {
      return failure(terminalKey, STAND_IN_ERRORS.badRequest, 'Description: at most 140 characters')
    }
    if (body.PayType !== undefined && body.PayType !== 'O' && body.PayType !== 'T') {
      return failure(terminalKey, STAND_IN_ERRORS.badRequest, 'PayType is O or T')
    }
    for (const url of ['SuccessURL', 'FailURL', 'NotificationURL']) {
      const value = body[url]
      if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\//.test(value))) {
        return failure(terminalKey, STAND_IN_ERRORS.badRequest, `${url} is an address`)
      }
    }
    const due = typeof body.RedirectDueDate === 'string' ? Date.parse(body.RedirectDueDate) : NaN
    const earlier = [...payments.values()].find(
      (payment) => payment.terminalKey === terminalKey && payment.orderId === orderId,
    )
    if (earlier && earlier.status === 'NEW') {
      if (earlier.amount !== amount) {
        return failure(terminalKey, STAND_IN_ERRORS.badRequest, 'OrderId used with another Amount')
      }
      return ok(earlier, { Amount: earlier.amount, PaymentURL: `${origin}/pay/${earlier.id}` })
    }
    const payment: StandInPayment = {
      terminalKey,
      id: String(randomInt(1_000_000_000, 9_999_999_999)),
      orderId,
      status: 'NEW',
      amount,
      refunded: 0,
      description: typeof body.Description === 'string' ? body.Description : '',
      successUrl: typeof body.SuccessURL === 'string' ? body.SuccessURL : origin,
      failUrl: typeof body.FailURL === 'string' ? body.FailURL : origin,
      notificationUrl: typeof body.NotificationURL === 'string' ? body.NotificationURL : undefined,
      dueDate: Number.isNaN(due) ? Date.now() + 24 * 3600_000 : due,
      sbp: false,
      errorCode: '0',
      receipt: body.Receipt as Json | undefined,
      data: body.DATA as Json | undefined,
    }
    payments.set(payment.id, payment)
    return ok(payment, { Amount: amount, PaymentURL: `${origin}/pay/${payment.id}` })
  }

  function route(method: string, terminalKey: string, body: Json): Json {
    if (method === 'Init') return init(terminalKey, body)
    const payment = payments.get(String(body.PaymentId))
    if (!payment || payment.terminalKey !== terminalKey) {
      return failure(terminalKey, STAND_IN_ERRORS.notFound)
    }
    expire(payment)
    switch (method) {
      case 'GetState':
        return ok(payment, {
          Amount: stateAmount === 'left' ? payment.amount - payment.refunded : payment.amount,
        })
      case 'GetQr': {
        if (payment.status !== 'NEW' && payment.status !== 'FORM_SHOWED') {
          return failure(terminalKey, STAND_IN_ERRORS.wrongStatus)
        }
        if (body.DataType !== 'PAYLOAD' && body.DataType !== 'IMAGE') {
          return failure(terminalKey, STAND_IN_ERRORS.badRequest, 'DataType is PAYLOAD or IMAGE')
        }
        payment.sbp = true
        const link = `${origin}/sbp/${payment.id}`
        return {
          Success: true,
          ErrorCode: '0',
          TerminalKey: terminalKey,
          OrderId: payment.orderId,
          PaymentId: payment.id,
          RequestKey: `${payment.id}-qr`,
          Data:
            body.DataType === 'PAYLOAD'
              ? link
              : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><title>${link}</title><rect width="10" height="10"/></svg>`,
        }
      }
      case 'Cancel':
        return cancel(payment, body)
      default:
        return failure(terminalKey, STAND_IN_ERRORS.badRequest, `No method ${method}`)
    }
  }

  function cancel(payment: StandInPayment, body: Json): Json {
    // "Параметр не работает для операций по СБП": an SBP refund is made again when repeated.
    const externalId =
      typeof body.ExternalRequestId === 'string' && !payment.sbp ? body.ExternalRequestId : ''
    const seen = externalId ? refundsDone.get(`${payment.id} ${externalId}`) : undefined
    if (seen) return seen
    const original = payment.amount - payment.refunded
    if (payment.status === 'NEW' || payment.status === 'FORM_SHOWED') {
      move(payment, 'CANCELED')
      return ok(payment, { OriginalAmount: original, NewAmount: 0 })
    }
    if (payment.status !== 'CONFIRMED' && payment.status !== 'PARTIAL_REFUNDED') {
      return failure(payment.terminalKey, STAND_IN_ERRORS.wrongStatus)
    }
    const amount = body.Amount === undefined ? original : body.Amount
    if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
      return failure(payment.terminalKey, STAND_IN_ERRORS.wrongAmount)
    }
    if (amount > original) {
      return failure(
        payment.terminalKey,
        STAND_IN_ERRORS.wrongAmount,
        'The refund is larger than what is left of the payment',
      )
    }
    payment.refunded += amount
    move(payment, payment.refunded === payment.amount ? 'REFUNDED' : 'PARTIAL_REFUNDED', amount)
    const answer = ok(payment, {
      OriginalAmount: original,
      NewAmount: original - amount,
      ...(externalId ? { ExternalRequestId: externalId } : {}),
    })
    if (externalId) refundsDone.set(`${payment.id} ${externalId}`, answer)
    return answer
  }

  function move(payment: StandInPayment, status: Status, amount = payment.amount) {
    payment.status = status
    track(notify(payment, amount))
  }

  function track(sending: Promise<void>) {
    inFlight.add(sending)
    void sending.finally(() => inFlight.delete(sending))
  }

  /** The notification of the payment's status, signed as T-Bank signs it. */
  function notificationOf(payment: StandInPayment, amount: number): Json {
    const fields: Json = {
      TerminalKey: payment.terminalKey,
      OrderId: payment.orderId,
      Success: !['REJECTED', 'DEADLINE_EXPIRED'].includes(payment.status),
      Status: payment.status,
      PaymentId: Number(payment.id),
      ErrorCode: payment.errorCode,
      Amount: amount,
      ...(payment.sbp ? {} : { CardId: 12345678, Pan: '430000******0777', ExpDate: '1230' }),
      ...(payment.data ? { Data: payment.data } : {}),
    }
    return { ...fields, Token: tokenOf(fields, terminals.get(payment.terminalKey) ?? '') }
  }

  async function send(url: string, body: Json): Promise<void> {
    const record: (typeof notifications)[number] = { url, body, status: 'failed', text: '' }
    notifications.push(record)
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      record.text = await response.text()
      record.status = response.status
    } catch {
      record.status = 'failed'
    }
  }

  function notify(payment: StandInPayment, amount: number): Promise<void> {
    const url = notificationOverride ?? payment.notificationUrl
    return url ? send(url, notificationOf(payment, amount)) : Promise.resolve()
  }

  /** The diner's answer on the card page or in the bank app, or a test's. */
  function decide(id: string, answer: 'succeed' | 'decline' | 'insufficient_funds') {
    const payment = payments.get(id)
    if (!payment) return undefined
    expire(payment)
    if (payment.status !== 'NEW' && payment.status !== 'FORM_SHOWED') return payment
    if (answer === 'succeed') {
      // One-stage: authorised, then confirmed at once; T-Bank notifies both.
      move(payment, 'AUTHORIZED')
      move(payment, 'CONFIRMED')
    } else {
      payment.errorCode = answer === 'insufficient_funds' ? '1051' : '1005'
      move(payment, 'REJECTED')
    }
    return payment
  }

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><style>body{font:16px/1.4 system-ui,sans-serif;margin:0;background:#f6f7f8;color:#222}main{max-width:420px;margin:0 auto;padding:24px 16px}h1{font-size:22px}.sum{font-size:28px;font-weight:700}button{display:block;width:100%;margin:12px 0;padding:14px;font-size:17px;border-radius:10px;border:1px solid #999;background:#fff}button[value=succeed]{background:#ffdd2d;border-color:#ffdd2d}</style></head><body><main>${body}</main></body></html>`

  function hosted(
    request: IncomingMessage,
    response: ServerResponse,
    kind: string,
    id: string,
    form: string,
  ) {
    const payment = payments.get(id)
    if (!payment) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Нет платежа')
      return
    }
    expire(payment)
    if (request.method === 'POST') {
      const answer = new URLSearchParams(form).get('answer')
      const decided = decide(id, answer === 'decline' ? 'decline' : 'succeed')
      const paid = decided?.status === 'CONFIRMED'
      response.writeHead(303, { location: paid ? payment.successUrl : payment.failUrl }).end()
      return
    }
    if (payment.status === 'NEW') payment.status = 'FORM_SHOWED'
    const sbp = kind === 'sbp'
    const rubles = `${(payment.amount / 100).toFixed(2).replace('.', ',')} ₽`
    const open = payment.status === 'FORM_SHOWED'
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(
      page(
        sbp ? 'СБП — приложение банка (тестовый стенд)' : 'Т-Банк — оплата картой (тестовый стенд)',
        `<h1>${sbp ? 'Оплата по СБП' : 'Т-Банк: оплата картой'}</h1><p>Тестовый стенд Т-Банка: деньги не списываются.</p><p>${escapeHtml(payment.description)}</p><p class="sum">${rubles}</p>${
          open
            ? `<form method="post">${sbp ? '<p>Тестовый банк: подтвердите перевод.</p>' : '<p>Карта 4300 0000 0000 0777</p>'}<button name="answer" value="succeed">${sbp ? 'Подтвердить в приложении банка' : 'Оплатить'}</button><button name="answer" value="decline">Отказаться</button></form>`
            : `<p>Статус: ${payment.status}</p><p><a href="${escapeHtml(payment.status === 'CONFIRMED' ? payment.successUrl : payment.failUrl)}">Вернуться в магазин</a></p>`
        }`,
      ),
    )
  }

  const reply = (response: ServerResponse, status: number, body: Json) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }

  const server: Server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const hostedPage = /^\/(pay|sbp)\/(\d+)$/.exec(url.pathname)
      if (hostedPage) {
        hosted(request, response, hostedPage[1] ?? '', hostedPage[2] ?? '', raw)
        return
      }
      const found = /^\/v2\/(\w+)$/.exec(url.pathname)
      if (!found || request.method !== 'POST') {
        reply(response, 404, { Success: false, ErrorCode: '404', Message: 'Not found' })
        return
      }
      const method = found[1] ?? ''
      let body: Json
      try {
        const parsed: unknown = JSON.parse(raw)
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          throw new Error()
        body = parsed as Json
      } catch {
        reply(response, 200, failure(undefined, STAND_IN_ERRORS.badRequest, 'The body is not JSON'))
        return
      }
      requests.push({ method, body })
      const fault = faults.get(method)?.shift()
      if (fault === 'timeout') return // never answers: the client's timeout ends the wait
      const serverError = () =>
        response
          .writeHead(500, { 'content-type': 'text/html' })
          .end('<h1>500 Internal Server Error</h1>')
      if (fault === 500) {
        serverError()
        return
      }
      const terminalKey = body.TerminalKey
      const password = typeof terminalKey === 'string' ? terminals.get(terminalKey) : undefined
      if (password === undefined) {
        reply(
          response,
          200,
          failure(terminalKey, STAND_IN_ERRORS.noTerminal, 'Указанный терминал не найден'),
        )
        return
      }
      if (!tokenMatches(body, password)) {
        reply(response, 200, failure(terminalKey, STAND_IN_ERRORS.wrongToken))
        return
      }
      const answer = route(method, terminalKey as string, body)
      // Done, and its answer lost on the way back.
      if (fault === 'done-then-timeout') return
      if (fault === 'done-then-500') {
        serverError()
        return
      }
      reply(response, 200, answer)
    })
  })

  return new Promise<TBankStandIn>((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      origin = `http://${options.host ?? '127.0.0.1'}:${String(port)}`
      resolve({
        server,
        origin,
        apiUrl: `${origin}/v2`,
        requests,
        notifications,
        payment: (id) => payments.get(id),
        decide,
        addTerminal: (terminalKey, password) => terminals.set(terminalKey, password),
        tamperAmount: (id, amount) => {
          const payment = payments.get(id)
          if (payment) payment.amount = amount
        },
        fail: (method, ...times) => {
          faults.set(method, [...(faults.get(method) ?? []), ...times])
        },
        notifyTo: (url) => {
          notificationOverride = url
        },
        amountAfterRefunds: (reading) => {
          stateAmount = reading
        },
        notificationOf: (id) => {
          const payment = payments.get(id)
          return payment ? notificationOf(payment, payment.amount) : undefined
        },
        replay: (id) => {
          const last = notifications.findLast((sent) => String(sent.body.PaymentId) === id)
          return last ? send(last.url, last.body) : Promise.resolve()
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

export interface TBankStandIn {
  server: Server
  origin: string
  apiUrl: string
  requests: { method: string; body: Json }[]
  notifications: { url: string; body: Json; status: number | 'failed'; text: string }[]
  payment: (id: string) => Readonly<StandInPayment> | undefined
  decide: (
    id: string,
    answer: 'succeed' | 'decline' | 'insufficient_funds',
  ) => StandInPayment | undefined
  addTerminal: (terminalKey: string, password: string) => void
  /** A misbehaving acquirer: the amount its notifications and answers name from now on. */
  tamperAmount: (id: string, amount: number) => void
  fail: (method: string, ...times: TBankStandInFault[]) => void
  /** Sends notifications here instead of each payment's NotificationURL. */
  notifyTo: (url: string) => void
  /** What GetState's `Amount` says after refunds: what is left (the default) or what was paid. */
  amountAfterRefunds: (reading: 'left' | 'paid') => void
  /** The notification of a payment's current status, signed, as it would be sent. */
  notificationOf: (id: string) => Json | undefined
  /** Sends a payment's last notification again, as T-Bank does until it reads OK. */
  replay: (id: string) => Promise<void>
  /** Resolves once every notification sent so far has been answered (or failed). */
  delivered: () => Promise<void>
  close: () => Promise<void>
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`)
