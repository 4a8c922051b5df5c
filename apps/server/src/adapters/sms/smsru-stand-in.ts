import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export const STAND_IN_API_ID = 'A1B2C3D4-0000-1111-2222-333344445555'
const API_ID = STAND_IN_API_ID

/**
 * A stand-in for SMS.ru's documented HTTP API (https://sms.ru/api/send): `/sms/send` with
 * api_id, to, msg and json=1, answering as the gateway does for a wrong api_id (200), no
 * money (201), a number it will not send to (207), and a gateway that never answers.
 */
export function startSmsRuStandIn(): Promise<{
  server: Server
  url: string
  received: URLSearchParams[]
}> {
  const received: URLSearchParams[] = []
  const server = createServer((request: IncomingMessage, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const params = new URLSearchParams(request.method === 'POST' ? body : url.search)
      received.push(params)
      const answer = (json: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify(json))
      }
      if (url.pathname !== '/sms/send' || params.get('json') !== '1') {
        response.writeHead(404).end()
        return
      }
      const to = params.get('to') ?? ''
      if (params.get('api_id') !== API_ID) {
        answer({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' })
      } else if (to === '79990000201') {
        answer({
          status: 'ERROR',
          status_code: 201,
          status_text: 'Не хватает средств на лицевом счету',
        })
      } else if (to === '79990000207') {
        answer({
          status: 'OK',
          status_code: 100,
          sms: {
            [to]: {
              status: 'ERROR',
              status_code: 207,
              status_text: 'На этот номер нельзя отправлять сообщения',
            },
          },
          balance: 4122.56,
        })
      } else if (to === '79990000000') {
        // Never answers: the adapter's timeout ends the wait.
      } else if (to === '79990000500') {
        response.writeHead(502).end('bad gateway')
      } else {
        answer({
          status: 'OK',
          status_code: 100,
          sms: { [to]: { status: 'OK', status_code: 100, sms_id: '000000-10000000' } },
          balance: 4122.56,
        })
      }
    })
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      resolve({ server, url: `http://127.0.0.1:${String(port)}`, received })
    })
  })
}
