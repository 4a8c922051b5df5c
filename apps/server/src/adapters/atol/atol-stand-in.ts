import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const ATOL_STAND_IN_LOGIN = 'tableside-test'
export const ATOL_STAND_IN_PASSWORD = 'StandInPass1'
export const ATOL_STAND_IN_GROUP = 'group_code_0001'

type Json = Record<string, unknown>
export type AtolFault = 'timeout' | 500

export interface AtolDocument {
  uuid: string
  externalId: string
  operation: 'sell' | 'sell_refund'
  receipt: Json
  status: 'wait' | 'done' | 'fail'
  /** Reads of its report while `wait`: it is done after `readsUntilDone`. */
  reads: number
}

const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {}
const cents = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) : NaN)

/**
 * A stand-in for АТОЛ Онлайн v5 (ФФД 1.2) as its protocol description says: `POST
 * /possystem/v5/getToken {login, pass}` answers a token (wrong ones: 401, error code 12); `POST
 * /possystem/v5/{group}/sell` and `sell_refund` with the `Token` header (none or unknown: 401,
 * code 10; one it forgot: 401, code 11; another login's group: 401, code 20) take a document
 * under its `external_id` and answer `{uuid, status: "wait"}`; the same external_id again is
 * 400 with error code 33 (IncomingExternalIdAlreadyExists), naming the first document's uuid
 * (whether АТОЛ names it is not confirmed, decision 0134), and registers nothing; a receipt whose
 * sums do not add up is 400 (code 32); `GET /possystem/v5/{group}/report/{uuid}` answers its
 * state, `done` after `readsUntilDone` reads (an unknown uuid: 400, code 30). Faults on demand: a
 * path times out or answers 500 the next few times.
 */
export function startAtolStandIn(options: { port?: number; host?: string } = {}) {
  const accounts = new Map<string, { password: string; group: string }>([
    [ATOL_STAND_IN_LOGIN, { password: ATOL_STAND_IN_PASSWORD, group: ATOL_STAND_IN_GROUP }],
  ])
  const tokens = new Map<string, string>()
  /** Tokens it gave and then forgot (expired): 11, not 10, as АТОЛ tells the two apart. */
  const forgotten = new Set<string>()
  const documents = new Map<string, AtolDocument>()
  const byExternalId = new Map<string, string>()
  const faults = new Map<string, AtolFault[]>()
  const requests: { method: string; path: string; token: string | undefined; body: Json }[] = []
  const settings = { readsUntilDone: 0, refuse: null as null | { code: number; text: string } }

  const timestamp = () => new Date().toISOString()
  const error = (code: number, text: string, type = 'system') => ({
    error: { error_id: randomUUID(), code, text, type },
    timestamp: timestamp(),
  })
  const send = (response: ServerResponse, status: number, body: Json) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    response.end(JSON.stringify(body))
  }

  /** What is wrong with a v5 receipt: sums that do not add up, a field missing. */
  function receiptProblem(receipt: Json): string | null {
    const client = objectOf(receipt.client)
    if (typeof client.email !== 'string' && typeof client.phone !== 'string') {
      return 'receipt.client: email or phone is required'
    }
    const company = objectOf(receipt.company)
    for (const field of ['email', 'sno', 'inn', 'payment_address']) {
      if (typeof company[field] !== 'string') return `receipt.company.${field} is required`
    }
    const items = Array.isArray(receipt.items) ? receipt.items.map(objectOf) : []
    if (items.length === 0 || items.length > 100) return 'receipt.items: 1 to 100 items'
    let total = 0
    for (const item of items) {
      const price = cents(item.price)
      const sum = cents(item.sum)
      const quantity = typeof item.quantity === 'number' ? item.quantity : NaN
      if (typeof item.name !== 'string' || item.name.length === 0 || item.name.length > 128) {
        return 'receipt.items.name: 1 to 128 characters'
      }
      if (Number.isNaN(price) || Number.isNaN(sum) || Number.isNaN(quantity)) {
        return 'receipt.items: price, quantity and sum are numbers'
      }
      if (Math.abs(Math.round(price * quantity) - sum) > 1) {
        return `receipt.items.sum: ${String(item.sum)} is not price × quantity`
      }
      if (typeof objectOf(item.vat).type !== 'string') return 'receipt.items.vat.type is required'
      if (typeof item.payment_object !== 'number' || typeof item.payment_method !== 'string') {
        return 'receipt.items: payment_method and payment_object are required'
      }
      total += sum
    }
    const paid = (Array.isArray(receipt.payments) ? receipt.payments : [])
      .map(objectOf)
      .reduce((all, payment) => all + cents(payment.sum), 0)
    if (cents(receipt.total) !== total) return 'receipt.total is not the sum of the items'
    if (paid !== total) return 'receipt.payments do not add up to the total'
    return null
  }

  function route(method: string, path: string, token: string | undefined, body: Json) {
    if (method === 'POST' && path === '/possystem/v5/getToken') {
      const account = accounts.get(typeof body.login === 'string' ? body.login : '')
      if (!account || account.password !== body.pass) {
        return {
          status: 401,
          body: { token: null, ...error(12, 'Неверный логин или пароль', 'agent') },
        }
      }
      const value = randomBytes(16).toString('hex')
      tokens.set(value, typeof body.login === 'string' ? body.login : '')
      return { status: 200, body: { token: value, error: null, timestamp: timestamp() } }
    }
    const document = /^\/possystem\/v5\/([^/]+)\/(sell|sell_refund)$/.exec(path)
    const report = /^\/possystem\/v5\/([^/]+)\/report\/([^/]+)$/.exec(path)
    if (!document && !report) return { status: 404, body: error(404, 'Not found') }
    const login = token ? tokens.get(token) : undefined
    const group = (document ?? report)?.[1] ?? ''
    if (!login) {
      return token && forgotten.has(token)
        ? { status: 401, body: error(11, 'Переданный токен не активен', 'system') }
        : { status: 401, body: error(10, 'Не распознан токен запроса', 'system') }
    }
    if (accounts.get(login)?.group !== group) {
      return {
        status: 401,
        body: error(20, 'Код группы, указанный в запросе, не соответствует токену', 'system'),
      }
    }
    if (document && method === 'POST') {
      const externalId = typeof body.external_id === 'string' ? body.external_id : ''
      if (!externalId || externalId.length > 128) {
        return {
          status: 400,
          body: error(32, 'external_id: обязательное поле до 128 символов', 'agent'),
        }
      }
      const existing = byExternalId.get(`${group} ${externalId}`)
      if (existing) {
        return {
          status: 400,
          body: {
            uuid: existing,
            status: 'fail',
            ...error(
              33,
              `В системе существует чек с external_id : ${externalId} и group_code: ${group}`,
              'system',
            ),
          },
        }
      }
      if (settings.refuse) {
        return { status: 400, body: error(settings.refuse.code, settings.refuse.text, 'agent') }
      }
      const problem = receiptProblem(objectOf(body.receipt))
      if (problem) return { status: 400, body: error(32, problem, 'agent') }
      const uuid = randomUUID()
      documents.set(uuid, {
        uuid,
        externalId,
        operation: (document[2] ?? 'sell') as 'sell' | 'sell_refund',
        receipt: objectOf(body.receipt),
        status: settings.readsUntilDone === 0 ? 'done' : 'wait',
        reads: 0,
      })
      byExternalId.set(`${group} ${externalId}`, uuid)
      return { status: 200, body: { uuid, status: 'wait', error: null, timestamp: timestamp() } }
    }
    if (report && method === 'GET') {
      const found = documents.get(report[2] ?? '')
      if (!found) {
        return { status: 400, body: error(30, `Передан некорректный UUID : "${report[2] ?? ''}"`) }
      }
      found.reads++
      if (found.status === 'wait' && found.reads >= settings.readsUntilDone) found.status = 'done'
      return {
        status: 200,
        body: {
          uuid: found.uuid,
          status: found.status,
          error: null,
          payload:
            found.status === 'done'
              ? {
                  total: objectOf(found.receipt).total,
                  fns_site: 'www.nalog.gov.ru',
                  fn_number: '9999078900004312',
                  fiscal_receipt_number: documents.size,
                  fiscal_document_number: documents.size + 100,
                  fiscal_document_attribute: 1_000_000_000 + documents.size,
                  receipt_datetime: timestamp(),
                }
              : null,
          timestamp: timestamp(),
          group_code: group,
          external_id: found.externalId,
        },
      }
    }
    return { status: 405, body: error(405, 'Method not allowed') }
  }

  const server: Server = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      let body: Json = {}
      if (raw) {
        try {
          body = objectOf(JSON.parse(raw))
        } catch {
          send(response, 400, error(32, 'Ошибка валидации JSON', 'agent'))
          return
        }
      }
      const header = request.headers.token
      const token = typeof header === 'string' ? header : undefined
      requests.push({ method: request.method ?? 'GET', path: url.pathname, token, body })
      const fault = faults.get(url.pathname.replace(/^\/possystem\/v5/, ''))?.shift()
      if (fault === 'timeout') return
      if (fault === 500) {
        send(response, 500, error(500, 'Internal server error'))
        return
      }
      const answer = route(request.method ?? 'GET', url.pathname, token, body)
      send(response, answer.status, answer.body)
    })
  })

  return new Promise<AtolStandIn>((resolve) => {
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      const origin = `http://${options.host ?? '127.0.0.1'}:${String(port)}`
      resolve({
        origin,
        apiUrl: `${origin}/possystem/v5`,
        requests,
        documents: () => [...documents.values()],
        fail: (path, ...times) => faults.set(path, [...(faults.get(path) ?? []), ...times]),
        expireTokens: () => {
          for (const token of tokens.keys()) forgotten.add(token)
          tokens.clear()
        },
        refuseNext: (code, text) => {
          settings.refuse = code === null ? null : { code, text: text ?? 'Отказ' }
        },
        setReadsUntilDone: (reads) => {
          settings.readsUntilDone = reads
        },
        close: async () => {
          server.closeAllConnections()
          await new Promise((done) => server.close(done))
        },
      })
    })
  })
}

export interface AtolStandIn {
  origin: string
  /** The base the client is given (`…/possystem/v5`). */
  apiUrl: string
  requests: { method: string; path: string; token: string | undefined; body: Json }[]
  documents: () => AtolDocument[]
  /** Makes `path` (after `/possystem/v5`, e.g. `/getToken`) fail the next times. */
  fail: (path: string, ...times: AtolFault[]) => void
  /** Forgets every token it gave: the next request with one is 401 (code 11). */
  expireTokens: () => void
  /** Refuses every document from now on with this error (null: takes them again). */
  refuseNext: (code: number | null, text?: string) => void
  /** How many reads of a report it stays `wait` (0: done at once). */
  setReadsUntilDone: (reads: number) => void
  close: () => Promise<void>
}
