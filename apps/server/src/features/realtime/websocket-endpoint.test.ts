import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorBody } from '@tableside/contracts/errors'
import { connected, startRealtimeNode, type RealtimeNode } from '../../test/realtime-node'
import { sendRaw, upgradeRequest } from '../../test/raw-http'

const credentials = { appId: '424242', key: 'test-key', secret: 'test-secret' }

describe('the websocket upgrade listener, from a raw socket', () => {
  let node: RealtimeNode
  beforeAll(async () => {
    node = await startRealtimeNode(credentials)
  })
  afterAll(async () => {
    await node.close()
  })

  const stillServing = async () => {
    const client = node.connect()
    expect(await connected(client)).toMatch(/^\d+\.\d+$/)
    client.disconnect()
  }

  it.each(['/app/%E0', '/app/%', '/app/%E0%A4%A?protocol=7', '/app/test-key%ZZ'])(
    'answers an upgrade to %s with 400 in the error shape and keeps serving',
    async (path) => {
      const answer = await sendRaw(node.port, upgradeRequest(path))
      expect(answer.status).toBe(400)
      expect(errorBody.parse(answer.json).error.code).toBe('bad_request')
      await stillServing()
    },
  )

  it('answers an upgrade to another path with 404 in the error shape', async () => {
    const answer = await sendRaw(node.port, upgradeRequest('/elsewhere'))
    expect(answer.status).toBe(404)
    expect(errorBody.parse(answer.json).error.code).toBe('not_found')
  })

  it('answers an upgrade without a websocket key with 400 and keeps serving', async () => {
    const answer = await sendRaw(
      node.port,
      'GET /app/test-key HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    )
    expect(answer.status).toBe(400)
    await stillServing()
  })
})
