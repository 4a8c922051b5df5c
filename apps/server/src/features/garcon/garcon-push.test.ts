import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto'
import { TEST_PLACE } from './test-garcon-app'
import { mkdtempSync, rmSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { Agent, createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { generate } from 'selfsigned'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/database'
import { seedDemo } from '../../db/seed-demo'
import { routeTestApp } from '../../test/route-test-app'
import { testDatabaseKinds } from '../../test/test-database'
import { createGarconAuth, type GarconAuth } from './garcon-auth'
import { hashAccessToken } from '../../lib/access-token'
import {
  createGarconPush,
  loadVapidKeys,
  registerGarconPushRoutes,
  type GarconPush,
} from './garcon-push'

const b64url = (bytes: Buffer) => bytes.toString('base64url')

/** A phone's browser: its P-256 key pair and auth secret, as PushManager.subscribe makes them. */
function device() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return { ecdh, auth, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
}

/**
 * The push service and the phone in one: reads what the server posted and decrypts it as the
 * browser does (RFC 8291 over RFC 8188's aes128gcm, one record).
 */
function decrypt(body: Buffer, phone: ReturnType<typeof device>): string {
  const salt = body.subarray(0, 16)
  const idLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + idLength)
  const record = body.subarray(21 + idLength)
  const shared = phone.ecdh.computeSecret(senderKey)
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    phone.ecdh.getPublicKey(),
    senderKey,
  ])
  const ikm = Buffer.from(hkdfSync('sha256', shared, phone.auth, keyInfo, 32))
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  )
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  )
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(record.subarray(record.length - 16))
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ])
  // The last record ends with the delimiter 0x02 and any zero padding.
  const end = padded.lastIndexOf(2)
  return padded.subarray(0, end).toString('utf8')
}

/** Checks the VAPID header (RFC 8292): a JWT for this push service's origin, signed by `publicKey`. */
function vapidClaims(authorization: string, publicKey: string): Record<string, unknown> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization)
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID header: ${authorization}`)
  expect(match[2]).toBe(publicKey)
  const [header, claims, signature] = match[1].split('.')
  const raw = Buffer.from(publicKey, 'base64url')
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: 'jwk',
  })
  const signed = verify(
    'sha256',
    Buffer.from(`${header ?? ''}.${claims ?? ''}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  )
  expect(signed).toBe(true)
  return JSON.parse(Buffer.from(claims ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >
}

interface Delivery {
  path: string
  headers: IncomingMessage['headers']
  body: Buffer
}

describe.each(testDatabaseKinds)('Web Push to waiters’ devices on $name', (kind) => {
  let handle: DatabaseHandle
  let dataDir: string
  let pushService: Server
  let pushOrigin: string
  const deliveries: Delivery[] = []
  /** What the push service answers next, by path: 201 unless told. */
  const answers = new Map<string, number>()
  let app: FastifyInstance
  let auth: GarconAuth
  let push: GarconPush
  let annaToken: string
  let igorToken: string
  let annaId: string

  beforeAll(async () => {
    handle = await kind.open()
    await seedDemo(handle.db)
    dataDir = mkdtempSync(join(tmpdir(), 'tableside-vapid-'))
    // A push service of our own, over https as web-push insists, with a certificate for 127.0.0.1.
    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    })
    pushService = createServer({ key: pems.private, cert: pems.cert }, (request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        deliveries.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        })
        response.statusCode = answers.get(request.url ?? '') ?? 201
        response.end()
      })
    })
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve))
    pushOrigin = `https://127.0.0.1:${String((pushService.address() as AddressInfo).port)}`
    auth = createGarconAuth(handle.db)
    push = createGarconPush({
      db: handle.db,
      keys: await loadVapidKeys(handle.db, dataDir),
      subject: 'mailto:ops@tableside.test',
      extraOrigins: [pushOrigin],
      agent: new Agent({ ca: pems.cert }),
    })
    app = await routeTestApp((api) => {
      registerGarconPushRoutes(api, push, auth.requireWaiter)
    })
    const anna = (await auth.service.login('demo', 'anna', '1111', TEST_PLACE)).signedIn
    annaToken = anna.token
    annaId = anna.waiter.id
    igorToken = (await auth.service.login('demo', 'igor', '2222', TEST_PLACE)).signedIn.token
  })
  afterAll(async () => {
    await app.close()
    await new Promise<void>((resolve) => pushService.close(() => resolve()))
    await handle.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const subscribe = (token: string | undefined, body: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/garcon/push/subscriptions',
      headers: token ? { 'x-garcon-token': token } : {},
      payload: body as object,
    })
  const devicesOf = (waiterId: string) =>
    handle.db
      .selectFrom('garconPushSubscriptions')
      .select('endpoint')
      .where('waiterId', '=', waiterId)
      .execute()

  it('keeps its VAPID keys across restarts and nodes, and gives the public one to signed-in waiters only', async () => {
    // Another node, with a data directory of its own, signs pushes with the same pair.
    const otherNode = mkdtempSync(join(tmpdir(), 'tableside-other-node-'))
    try {
      expect((await loadVapidKeys(handle.db, otherNode)).publicKey).toBe(push.publicKey)
    } finally {
      rmSync(otherNode, { recursive: true, force: true })
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/v1/garcon/push/key' })
    expect(anonymous.statusCode).toBe(401)
    const key = await app.inject({
      method: 'GET',
      url: '/api/v1/garcon/push/key',
      headers: { 'x-garcon-token': annaToken },
    })
    expect(key.json()).toEqual({ publicKey: push.publicKey })
    expect(Buffer.from(push.publicKey, 'base64url')).toHaveLength(65)
  })

  it('delivers an alert encrypted for the device, signed for the push service', async () => {
    const phone = device()
    const added = await subscribe(annaToken, {
      endpoint: `${pushOrigin}/anna-phone`,
      keys: phone.keys,
    })
    expect(added.statusCode).toBe(201)

    deliveries.length = 0
    const alert = {
      title: 'Стол 3 зовёт официанта',
      body: 'Принесите счёт',
      url: '/rest/demo/garcon',
      tag: 'call-1',
    }
    expect(await push.notify(annaId, alert)).toEqual({ sent: 1, gone: 0, failed: 0 })
    expect(deliveries).toHaveLength(1)
    const [delivery] = deliveries
    if (!delivery) throw new Error('nothing delivered')
    expect(delivery.path).toBe('/anna-phone')
    expect(delivery.headers['content-encoding']).toBe('aes128gcm')
    expect(delivery.headers.ttl).toBe('60')
    expect(delivery.headers.urgency).toBe('high')
    const claims = vapidClaims(String(delivery.headers.authorization), push.publicKey)
    expect(claims.aud).toBe(pushOrigin)
    expect(claims.sub).toBe('mailto:ops@tableside.test')
    expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000)
    // Only the phone can read it, and it reads the alert.
    expect(JSON.parse(decrypt(delivery.body, phone))).toEqual(alert)
    expect(delivery.body.includes(Buffer.from('Принесите'))).toBe(false)
  })

  it('forgets a device the push service says is gone, and keeps one that failed once', async () => {
    const gone = device()
    const flaky = device()
    await subscribe(annaToken, { endpoint: `${pushOrigin}/gone`, keys: gone.keys })
    await subscribe(annaToken, { endpoint: `${pushOrigin}/flaky`, keys: flaky.keys })
    answers.set('/gone', 410)
    answers.set('/flaky', 500)
    const result = await push.notify(annaId, { title: 't', body: 'b', url: '/' })
    expect(result).toMatchObject({ gone: 1, failed: 1 })
    const endpoints = (await devicesOf(annaId)).map((row) => row.endpoint)
    expect(endpoints).not.toContain(`${pushOrigin}/gone`)
    expect(endpoints).toContain(`${pushOrigin}/flaky`)
    answers.clear()
  })

  it('refuses an endpoint that is not a push service, and stores nothing', async () => {
    const phone = device()
    const before = (await devicesOf(annaId)).length
    for (const endpoint of [
      'http://127.0.0.1:6379/',
      'https://169.254.169.254/latest/meta-data',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'http://fcm.googleapis.com/x',
      // The shape of an address that URL cannot read.
      'https://[fcm.googleapis.com/x',
      'not a url',
    ]) {
      const refused = await subscribe(annaToken, { endpoint, keys: phone.keys })
      expect(refused.statusCode, endpoint).toBe(400)
      expect(refused.json()).toMatchObject({ error: { code: 'validation_failed' } })
    }
    const badKeys = await subscribe(annaToken, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'short', auth: phone.keys.auth },
    })
    expect(badKeys.statusCode).toBe(400)
    expect(
      await subscribe(undefined, {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: phone.keys,
      }),
    ).toMatchObject({ statusCode: 401 })
    expect((await devicesOf(annaId)).length).toBe(before)
    // A browser's own push service is taken.
    const real = await subscribe(annaToken, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: phone.keys,
    })
    expect(real.statusCode).toBe(201)
  })

  it('lets a waiter remove only their own device, and keeps at most five per waiter', async () => {
    const phone = device()
    await subscribe(annaToken, { endpoint: `${pushOrigin}/anna-tablet`, keys: phone.keys })
    const stranger = await app.inject({
      method: 'POST',
      url: '/api/v1/garcon/push/subscriptions/remove',
      headers: { 'x-garcon-token': igorToken },
      payload: { endpoint: `${pushOrigin}/anna-tablet` },
    })
    expect(stranger.json()).toEqual({ removed: 0 })
    expect((await devicesOf(annaId)).map((row) => row.endpoint)).toContain(
      `${pushOrigin}/anna-tablet`,
    )
    const own = await app.inject({
      method: 'POST',
      url: '/api/v1/garcon/push/subscriptions/remove',
      headers: { 'x-garcon-token': annaToken },
      payload: { endpoint: `${pushOrigin}/anna-tablet` },
    })
    expect(own.json()).toEqual({ removed: 1 })

    for (let n = 0; n < 8; n += 1) {
      await subscribe(annaToken, {
        endpoint: `${pushOrigin}/device-${String(n)}`,
        keys: device().keys,
      })
    }
    const kept = (await devicesOf(annaId)).map((row) => row.endpoint)
    expect(kept).toHaveLength(5)
    expect(kept).toContain(`${pushOrigin}/device-7`)
    expect(kept).not.toContain(`${pushOrigin}/device-0`)
  })

  it('sends nothing to a device once its sign-in ends: signed out, expired, or signed out everywhere', async () => {
    await handle.db.deleteFrom('garconPushSubscriptions').where('waiterId', '=', annaId).execute()
    const signIn = async () =>
      (await auth.service.login('demo', 'anna', '1111', TEST_PLACE)).signedIn
    const [first, second, third] = [await signIn(), await signIn(), await signIn()]
    for (const [name, session] of [
      ['one', first],
      ['two', second],
      ['three', third],
    ] as const)
      expect(
        (await subscribe(session.token, { endpoint: `${pushOrigin}/${name}`, keys: device().keys }))
          .statusCode,
      ).toBe(201)
    const notified = async () => {
      deliveries.length = 0
      await push.notify(annaId, { title: 't', body: 'b', url: '/' })
      return deliveries.map((delivery) => delivery.path).sort()
    }
    expect(await notified()).toEqual(['/one', '/three', '/two'])

    await auth.service.revoke(first.token)
    expect(await notified()).toEqual(['/three', '/two'])
    await handle.db
      .updateTable('garconSessions')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('tokenHash', '=', hashAccessToken(second.token))
      .execute()
    expect(await notified()).toEqual(['/three'])
    await auth.service.revokeAll(annaId)
    expect(await notified()).toEqual([])
    // Signing in again on that phone brings its alerts back once it subscribes anew.
    const again = await signIn()
    await subscribe(again.token, { endpoint: `${pushOrigin}/two`, keys: device().keys })
    expect(await notified()).toEqual(['/two'])
  })
})
