// One response, the same for every request, from a bare node:http server: what any Node server
// that answers with bytes it holds costs at the least (bench:api's floor for the menu).
// Usage: node bytes-server.mjs <port> <body file> <headers as JSON>; prints "listening" once ready.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [port = '0', bodyFile = '', headersJson = '{}'] = process.argv.slice(2)
const body = readFileSync(bodyFile)
/** @type {Record<string, string>} */
const headers = { ...JSON.parse(headersJson), 'content-length': String(body.length) }

createServer((request, response) => {
  // Drains whatever a request sends; there is nothing to read.
  request.resume()
  response.writeHead(200, headers)
  response.end(body)
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'))
