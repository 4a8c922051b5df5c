// Cheap Pusher-protocol subscribers for the realtime benchmark: raw TCP sockets that do the
// websocket handshake once, then read server frames with a minimal parser. An event frame is
// never JSON-parsed: its `data` is "SEQ|SENT_AT_US" and only those two numbers are read, so a
// delivery costs a few byte comparisons. Control messages (connection_established,
// subscription_succeeded, pusher:ping, errors) are rare and parsed as JSON.
//
// Times are microseconds of CLOCK_MONOTONIC (`process.hrtime`), which every thread and process
// on the machine reads alike, so publisher and subscribers may live in different threads with
// no clock offset; a receipt is stamped once per TCP chunk, when it reaches JavaScript.
//
// A pool runs in the calling thread (`createSubscriberPool`) or in worker threads
// (`startSubscriberWorkers`), with the same interface.
import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { performance } from 'node:perf_hooks'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/** @returns {number} microseconds of the machine's monotonic clock */
export function monotonicUs() {
  const [seconds, nanoseconds] = process.hrtime()
  return seconds * 1e6 + nanoseconds / 1e3
}

const OPCODE_CONTINUATION = 0x0
const OPCODE_TEXT = 0x1
const OPCODE_CLOSE = 0x8
const OPCODE_PING = 0x9
const CHAR_QUOTE = 0x22
const CHAR_BAR = 0x7c
const CHAR_DOT = 0x2e
const CHAR_0 = 0x30
const HEADER_END = Buffer.from('\r\n\r\n')
const DATA_FIELD = Buffer.from('"data":"')

/**
 * @typedef {{ host: string, port: number, path: string }} Endpoint
 * @typedef {{ eventName: string, totalEvents: number, warmupEvents: number,
 *   latencyCapacity: number }} RunShape
 * @typedef {{ connected: number, failures: number, firstError: string | undefined,
 *   emfile: boolean }} ConnectReport
 * @typedef {{ latenciesUs: Float64Array, deliveries: Uint16Array, received: number,
 *   unexpectedCloses: number, closeCodes: [number, number][], elu: number }} RunReport
 * @typedef {{ connect: (endpoint: Endpoint, channels: string[], batch: number,
 *     timeoutMs: number) => Promise<ConnectReport>,
 *   startRun: (shape: RunShape) => Promise<void>,
 *   finishRun: () => Promise<RunReport>,
 *   closeAll: () => Promise<void>,
 *   openSockets: () => number,
 *   stop: () => Promise<void> }} SubscriberPool
 */

/** @param {Buffer} payload @returns {Buffer} a masked client text frame */
function maskedFrame(payload, opcode = OPCODE_TEXT) {
  const extended = payload.length < 126 ? 0 : 2
  const frame = Buffer.allocUnsafe(2 + extended + 4 + payload.length)
  frame[0] = 0x80 | opcode
  if (extended === 0) {
    frame[1] = 0x80 | payload.length
  } else {
    frame[1] = 0x80 | 126
    frame.writeUInt16BE(payload.length, 2)
  }
  const maskAt = 2 + extended
  randomBytes(4).copy(frame, maskAt)
  for (let i = 0; i < payload.length; i++) {
    frame[maskAt + 4 + i] =
      /** @type {number} */ (payload[i]) ^ /** @type {number} */ (frame[maskAt + (i & 3)])
  }
  return frame
}

const PONG_MESSAGE = Buffer.from('{"event":"pusher:pong","data":"{}"}')

/**
 * Reads a non-negative decimal number (digits, optionally one '.') from `buf` at `at`.
 * @param {Buffer} buf @param {number} at @param {number} end @param {number} stop
 * @returns {number} NaN unless the digits run up to the byte `stop`
 */
function readNumber(buf, at, end, stop) {
  let value = 0
  let scale = 0
  let digits = 0
  for (let i = at; i < end; i++) {
    const c = /** @type {number} */ (buf[i])
    if (c === stop) return digits > 0 ? (scale > 0 ? value / scale : value) : NaN
    if (c === CHAR_DOT && scale === 0) {
      scale = 1
      continue
    }
    const d = c - CHAR_0
    if (d < 0 || d > 9) return NaN
    value = value * 10 + d
    if (scale > 0) scale *= 10
    digits++
  }
  return NaN
}

/** @returns {SubscriberPool} a pool whose sockets live in this thread */
export function createSubscriberPool() {
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set()
  /** @type {WeakSet<import('node:net').Socket>} */
  const closingOnPurpose = new WeakSet()
  let unexpectedCloses = 0
  /** @type {Map<number, number>} */
  const closeCodes = new Map()

  /** @type {RunShape} */
  let shape = { eventName: '', totalEvents: 0, warmupEvents: 0, latencyCapacity: 0 }
  let eventPrefix = Buffer.alloc(0)
  let deliveries = new Uint16Array(0)
  let latenciesUs = new Float64Array(0)
  let recorded = 0
  let received = 0
  let eluStart = performance.eventLoopUtilization()

  /**
   * An event frame: `{"event":"NAME","channel":"…","data":"SEQ|SENT_AT_US"}`, as both the hub
   * and the baseline serialise it (event first). Anything else returns false.
   * @param {Buffer} buf @param {number} start @param {number} end @param {number} receivedAt
   */
  function recordEvent(buf, start, end, receivedAt) {
    if (
      eventPrefix.length === 0 ||
      end - start < eventPrefix.length ||
      buf.compare(eventPrefix, 0, eventPrefix.length, start, start + eventPrefix.length) !== 0
    ) {
      return false
    }
    const field = buf.indexOf(DATA_FIELD, start + eventPrefix.length)
    if (field < 0 || field >= end) return false
    const seqAt = field + DATA_FIELD.length
    const seq = readNumber(buf, seqAt, end, CHAR_BAR)
    if (!Number.isInteger(seq)) return false
    if (seq >= shape.totalEvents) return true
    let bar = seqAt
    while (buf[bar] !== CHAR_BAR) bar++
    const sentAt = readNumber(buf, bar + 1, end, CHAR_QUOTE)
    deliveries[seq] = /** @type {number} */ (deliveries[seq]) + 1
    if (seq < shape.warmupEvents) return true
    received++
    if (recorded < latenciesUs.length) latenciesUs[recorded++] = receivedAt - sentAt
    return true
  }

  /**
   * One subscriber: handshake, subscribe, then events.
   * @param {Endpoint} endpoint @param {string} channel @param {number} timeoutMs
   * @returns {Promise<void>}
   */
  function subscribe(endpoint, channel, timeoutMs) {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: endpoint.host, port: endpoint.port, noDelay: true })
      sockets.add(socket)
      let upgraded = false
      let subscribed = false
      let closeCode = 1006
      /** @type {Buffer | null} */
      let pending = null
      /** @type {Buffer[]} */
      let fragments = []
      let fragmentOpcode = 0

      const timer = setTimeout(() => {
        fail(new Error(`no subscription to ${channel} within ${timeoutMs} ms`))
      }, timeoutMs)
      /** @param {Error} error */
      const fail = (error) => {
        clearTimeout(timer)
        reject(error)
        closingOnPurpose.add(socket)
        socket.destroy()
      }

      /** @param {Buffer} buf @param {number} start @param {number} end */
      const onControlMessage = (buf, start, end) => {
        /** @type {{ event?: unknown, data?: unknown }} */
        let message
        try {
          message = JSON.parse(buf.toString('utf8', start, end))
        } catch {
          return
        }
        switch (message.event) {
          case 'pusher:ping':
            socket.write(maskedFrame(PONG_MESSAGE))
            return
          case 'pusher:connection_established':
            socket.write(
              maskedFrame(
                Buffer.from(JSON.stringify({ event: 'pusher:subscribe', data: { channel } })),
              ),
            )
            return
          case 'pusher_internal:subscription_succeeded':
            if (subscribed) return
            subscribed = true
            clearTimeout(timer)
            resolve()
            return
          case 'pusher:error':
          case 'pusher:subscription_error':
            if (!subscribed) fail(new Error(`${message.event}: ${JSON.stringify(message.data)}`))
            return
          default:
        }
      }

      /** @param {number} opcode @param {Buffer} buf @param {number} start @param {number} end @param {number} at */
      const onFrame = (opcode, buf, start, end, at) => {
        if (opcode === OPCODE_TEXT) {
          if (!recordEvent(buf, start, end, at)) onControlMessage(buf, start, end)
        } else if (opcode === OPCODE_PING) {
          socket.write(maskedFrame(buf.subarray(start, end), 0xa))
        } else if (opcode === OPCODE_CLOSE) {
          closeCode = end - start >= 2 ? buf.readUInt16BE(start) : 1005
          socket.end()
        }
      }

      /** @param {Buffer} chunk */
      const onData = (chunk) => {
        const at = monotonicUs()
        const buf = pending ? Buffer.concat([pending, chunk]) : chunk
        pending = null
        let pos = 0
        if (!upgraded) {
          const headerEnd = buf.indexOf(HEADER_END)
          if (headerEnd < 0) {
            pending = buf
            return
          }
          const status = buf.toString('latin1', 0, buf.indexOf('\r\n'))
          if (!/^HTTP\/1\.1 101 /.test(status)) {
            fail(new Error(`websocket upgrade refused: ${status}`))
            return
          }
          upgraded = true
          pos = headerEnd + HEADER_END.length
        }
        const length = buf.length
        while (length - pos >= 2) {
          const b0 = /** @type {number} */ (buf[pos])
          const b1 = /** @type {number} */ (buf[pos + 1])
          let payloadLength = b1 & 0x7f
          let header = 2
          if (payloadLength === 126) {
            if (length - pos < 4) break
            payloadLength = buf.readUInt16BE(pos + 2)
            header = 4
          } else if (payloadLength === 127) {
            if (length - pos < 10) break
            payloadLength = buf.readUInt32BE(pos + 2) * 2 ** 32 + buf.readUInt32BE(pos + 6)
            header = 10
          }
          // Servers never mask (RFC 6455 §5.1); a masked frame is skipped over, not read.
          if (b1 & 0x80) header += 4
          if (length - pos < header + payloadLength) break
          const start = pos + header
          const end = start + payloadLength
          pos = end
          const opcode = b0 & 0x0f
          const fin = (b0 & 0x80) !== 0
          if (opcode >= OPCODE_CLOSE) {
            onFrame(opcode, buf, start, end, at)
          } else if (opcode === OPCODE_CONTINUATION || !fin) {
            if (opcode !== OPCODE_CONTINUATION) fragmentOpcode = opcode
            fragments.push(Buffer.from(buf.subarray(start, end)))
            if (fin) {
              const whole = Buffer.concat(fragments)
              fragments = []
              onFrame(fragmentOpcode, whole, 0, whole.length, at)
            }
          } else {
            onFrame(opcode, buf, start, end, at)
          }
        }
        if (pos < length) pending = Buffer.from(buf.subarray(pos))
      }

      socket.on('connect', () => {
        const { host, port, path } = endpoint
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\n` +
            `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
            `Sec-WebSocket-Version: 13\r\n\r\n`,
        )
      })
      socket.on('data', onData)
      socket.on('error', (error) => {
        if (!subscribed) fail(error)
      })
      socket.on('close', () => {
        sockets.delete(socket)
        clearTimeout(timer)
        if (!subscribed) {
          reject(new Error(`closed before subscribing (code ${closeCode})`))
        } else if (!closingOnPurpose.has(socket)) {
          unexpectedCloses++
          closeCodes.set(closeCode, (closeCodes.get(closeCode) ?? 0) + 1)
        }
      })
    })
  }

  return {
    async connect(endpoint, channels, batch, timeoutMs) {
      /** @type {ConnectReport} */
      const report = { connected: 0, failures: 0, firstError: undefined, emfile: false }
      for (let first = 0; first < channels.length; first += batch) {
        const results = await Promise.allSettled(
          channels
            .slice(first, first + batch)
            .map((channel) => subscribe(endpoint, channel, timeoutMs)),
        )
        for (const result of results) {
          if (result.status === 'fulfilled') {
            report.connected++
            continue
          }
          const reason = /** @type {unknown} */ (result.reason)
          report.failures++
          report.firstError ??= reason instanceof Error ? reason.message : String(reason)
          if (reason instanceof Error && 'code' in reason && reason.code === 'EMFILE')
            report.emfile = true
        }
        if (report.failures > 0) break
      }
      return report
    },
    startRun(next) {
      shape = next
      eventPrefix = Buffer.from(`{"event":${JSON.stringify(next.eventName)},`)
      deliveries = new Uint16Array(next.totalEvents)
      latenciesUs = new Float64Array(next.latencyCapacity)
      recorded = 0
      received = 0
      unexpectedCloses = 0
      closeCodes.clear()
      eluStart = performance.eventLoopUtilization()
      return Promise.resolve()
    },
    finishRun() {
      return Promise.resolve({
        latenciesUs: latenciesUs.slice(0, recorded),
        deliveries: deliveries.slice(),
        received,
        unexpectedCloses,
        closeCodes: [...closeCodes],
        elu: performance.eventLoopUtilization(eluStart).utilization,
      })
    },
    async closeAll() {
      for (const socket of sockets) {
        closingOnPurpose.add(socket)
        socket.destroy()
      }
      const deadline = Date.now() + 5_000
      while (sockets.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    openSockets: () => sockets.size,
    stop() {
      for (const socket of sockets) socket.destroy()
      return Promise.resolve()
    },
  }
}

/**
 * `count` worker threads, each with a pool; `connect` deals the channels out round-robin.
 * @param {number} count @returns {SubscriberPool}
 */
export function startSubscriberWorkers(count) {
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL(import.meta.url), { workerData: { role: 'pusher-subscribers' } }),
  )
  const open = new Int32Array(count)
  let nextId = 1
  /** @type {Map<number, { resolve: (value: any) => void, reject: (error: Error) => void }>} */
  const waiting = new Map()
  for (const [index, worker] of workers.entries()) {
    worker.on(
      'message',
      (/** @type {{ id: number, result?: unknown, error?: string, open: number }} */ reply) => {
        open[index] = reply.open
        const entry = waiting.get(reply.id)
        if (!entry) return
        waiting.delete(reply.id)
        if (reply.error === undefined) entry.resolve(reply.result)
        else entry.reject(new Error(reply.error))
      },
    )
    worker.on('error', (error) => {
      for (const entry of waiting.values()) entry.reject(error)
      waiting.clear()
    })
    worker.unref()
  }
  /** @param {Worker} worker @param {string} method @param {unknown[]} args @returns {Promise<any>} */
  const call = (worker, method, args) =>
    new Promise((resolve, reject) => {
      const id = nextId++
      waiting.set(id, { resolve, reject })
      worker.postMessage({ id, method, args })
    })
  /** @param {string} method @param {(index: number) => unknown[]} args */
  const all = (method, args = () => []) =>
    Promise.all(workers.map((worker, i) => call(worker, method, args(i))))

  return {
    async connect(endpoint, channels, batch, timeoutMs) {
      /** @type {ConnectReport[]} */
      const reports = await all('connect', (i) => [
        endpoint,
        channels.filter((_, index) => index % count === i),
        Math.ceil(batch / count),
        timeoutMs,
      ])
      return {
        connected: reports.reduce((sum, r) => sum + r.connected, 0),
        failures: reports.reduce((sum, r) => sum + r.failures, 0),
        firstError: reports.find((r) => r.firstError !== undefined)?.firstError,
        emfile: reports.some((r) => r.emfile),
      }
    },
    async startRun(shape) {
      await all('startRun', () => [shape])
    },
    async finishRun() {
      /** @type {RunReport[]} */
      const reports = await all('finishRun')
      const latenciesUs = new Float64Array(
        reports.reduce((sum, r) => sum + r.latenciesUs.length, 0),
      )
      const deliveries = new Uint16Array(reports[0]?.deliveries.length ?? 0)
      /** @type {Map<number, number>} */
      const codes = new Map()
      let offset = 0
      for (const r of reports) {
        latenciesUs.set(r.latenciesUs, offset)
        offset += r.latenciesUs.length
        for (let i = 0; i < deliveries.length; i++) {
          deliveries[i] =
            /** @type {number} */ (deliveries[i]) + /** @type {number} */ (r.deliveries[i])
        }
        for (const [code, n] of r.closeCodes) codes.set(code, (codes.get(code) ?? 0) + n)
      }
      return {
        latenciesUs,
        deliveries,
        received: reports.reduce((sum, r) => sum + r.received, 0),
        unexpectedCloses: reports.reduce((sum, r) => sum + r.unexpectedCloses, 0),
        closeCodes: [...codes],
        // The busiest worker is the one whose queueing shows in the latencies.
        elu: Math.max(...reports.map((r) => r.elu)),
      }
    },
    async closeAll() {
      await all('closeAll')
    },
    openSockets: () => open.reduce((sum, n) => sum + n, 0),
    async stop() {
      await Promise.all(workers.map((worker) => worker.terminate()))
    },
  }
}

if (
  !isMainThread &&
  parentPort &&
  /** @type {{ role?: string }} */ (workerData).role === 'pusher-subscribers'
) {
  const port = parentPort
  const pool = createSubscriberPool()
  port.on(
    'message',
    (/** @type {{ id: number, method: keyof SubscriberPool, args: any[] }} */ message) => {
      const method = /** @type {(...args: any[]) => Promise<unknown>} */ (pool[message.method])
      method(...message.args).then(
        (result) => {
          /** @type {ArrayBuffer[]} */
          const transfer =
            message.method === 'finishRun'
              ? [
                  /** @type {ArrayBuffer} */ (/** @type {RunReport} */ (result).latenciesUs.buffer),
                  /** @type {ArrayBuffer} */ (/** @type {RunReport} */ (result).deliveries.buffer),
                ]
              : []
          port.postMessage({ id: message.id, result, open: pool.openSockets() }, transfer)
        },
        (/** @type {unknown} */ error) => {
          port.postMessage({
            id: message.id,
            error: error instanceof Error ? error.message : String(error),
            open: pool.openSockets(),
          })
        },
      )
    },
  )
}
