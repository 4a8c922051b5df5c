import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { startRealtimeNode, type RealtimeNode } from '../../test/realtime-node'

const credentials = { appId: '515151', key: 'auth-key', secret: 'auth-secret' }

describe('POST /broadcasting/auth', () => {
  let node: RealtimeNode
  beforeAll(async () => {
    node = await startRealtimeNode(credentials)
    // A product rule as features write them: here, whoever shows the table's code.
    node.channels.add({
      pattern: /^(private|presence)-table\.([a-z0-9]+)$/,
      decide: (request, match) =>
        Promise.resolve(
          request.headers['x-table-code'] === match[2]
            ? { allow: true, presence: { userId: 'diner-1', userInfo: { name: 'Анна' } } }
            : { allow: false, reason: 'Scan the QR code on this table first.' },
        ),
    })
  })
  afterAll(async () => {
    await node.close()
  })

  const authorize = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${node.port}/broadcasting/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    })

  async function socket() {
    const ws = new WebSocket(`ws://127.0.0.1:${node.port}/app/${credentials.key}?protocol=7`)
    const frames: { event: string; channel?: string; data?: string }[] = []
    ws.on('message', (raw: Buffer) =>
      frames.push(JSON.parse(raw.toString()) as (typeof frames)[number]),
    )
    await vi.waitFor(() => expect(frames[0]?.event).toBe('pusher:connection_established'))
    const socketId = (JSON.parse(frames[0]?.data ?? '{}') as { socket_id: string }).socket_id
    return { ws, frames, socketId }
  }

  it('signs a subscription the product rules allow, and the hub accepts the signature', async () => {
    const { ws, frames, socketId } = await socket()
    const response = await authorize(
      { socket_id: socketId, channel_name: 'presence-table.t7' },
      { 'x-table-code': 't7' },
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { auth: string; channel_data: string }
    expect(JSON.parse(body.channel_data)).toEqual({
      user_id: 'diner-1',
      user_info: { name: 'Анна' },
    })
    ws.send(
      JSON.stringify({
        event: 'pusher:subscribe',
        data: { channel: 'presence-table.t7', ...body },
      }),
    )
    await vi.waitFor(() =>
      expect(frames.at(-1)?.event).toBe('pusher_internal:subscription_succeeded'),
    )
    ws.close()
  })

  it('refuses with 403 in the error shape when the rules say no', async () => {
    const response = await authorize({ socket_id: '1.2', channel_name: 'private-table.t7' })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      error: { code: 'forbidden', message: 'Scan the QR code on this table first.' },
    })
  })

  it('refuses channels no rule claims', async () => {
    const response = await authorize({ socket_id: '1.2', channel_name: 'private-garcon.9' })
    expect(response.status).toBe(403)
  })

  it('refuses malformed requests with the offending fields', async () => {
    const response = await authorize({ socket_id: 'abc', channel_name: 'restaurant.demo' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { fields: { path: string }[] } }
    expect(body.error.fields.map((f) => f.path).sort()).toEqual([
      'body.channel_name',
      'body.socket_id',
    ])
  })
})
