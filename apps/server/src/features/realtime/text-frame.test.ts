import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket, { WebSocketServer } from 'ws'
import { textFrame } from './text-frame'

/**
 * A server that writes the given texts' frames straight to the upgraded socket, as the hub does,
 * and what a `ws` client reads from them.
 */
let server: Server
let framesToSend: string[] = []

beforeAll(async () => {
  server = createServer()
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false })
  server.on('upgrade', (request, socket: Duplex, head) => {
    wss.handleUpgrade(request, socket, head, () => {
      for (const text of framesToSend) socket.write(textFrame(text))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function received(texts: string[]): Promise<string[]> {
  framesToSend = texts
  const { port } = server.address() as AddressInfo
  const client = new WebSocket(`ws://127.0.0.1:${port}/`)
  const messages: string[] = []
  let stuck: NodeJS.Timeout | undefined
  await new Promise<void>((resolve, reject) => {
    // A wrong length leaves the client waiting for bytes that never come.
    stuck = setTimeout(() => {
      reject(new Error(`${messages.length} of ${texts.length} messages read`))
    }, 5_000)
    client.on('message', (data: Buffer, isBinary) => {
      if (isBinary) reject(new Error('a binary frame'))
      messages.push(data.toString('utf8'))
      if (messages.length === texts.length) resolve()
    })
    client.on('error', reject)
  }).finally(() => {
    clearTimeout(stuck)
    client.terminate()
  })
  return messages
}

describe('textFrame', () => {
  it.each([1, 125, 126, 65_535, 65_536, 70_000])(
    'frames %i bytes of text so a websocket client reads them back',
    async (length) => {
      const text = 'я'.repeat(Math.floor(length / 2)) + 'x'.repeat(length % 2)
      expect(Buffer.byteLength(text)).toBe(length)
      expect(await received([text])).toEqual([text])
    },
  )

  it('frames an empty text and events back to back as messages of their own', async () => {
    expect(await received(['{"event":"a"}', '', '{"event":"b"}'])).toEqual([
      '{"event":"a"}',
      '',
      '{"event":"b"}',
    ])
  })
})
