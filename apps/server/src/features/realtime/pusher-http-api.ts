import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { HttpError, notFound } from '../../http/http-error'
import { keepJsonBodyRaw, rawBody } from '../../http/raw-json-body'
import type { RealtimeCredentials } from './credentials'
import { CHANNEL_NAME, type HubLimits, type RealtimeHub } from './hub'
import type { ChannelInfo } from './realtime-protocol'
import { hmacHex, httpStringToSign, md5Hex, safeEqual } from './signatures'

const MAX_TIMESTAMP_SKEW_SEC = 600
const USER_CHANNEL = /^#server-to-user-[-a-zA-Z0-9_=@,.;]+$/

const eventName = z.string().check(z.minLength(1), z.maxLength(200))
const socketId = z.string().check(z.regex(/^\d+\.\d+$/))
const info = z.optional(z.string())

/** Bodies of the publishing calls, within the hub's limits on channel names and event size. */
function eventBodies(limits: HubLimits) {
  const channelName = z.string().check(
    z.maxLength(limits.maxChannelNameLength),
    z.refine((name) => CHANNEL_NAME.test(name) || USER_CHANNEL.test(name), 'Invalid channel name'),
  )
  const eventData = z
    .string()
    .check(
      z.refine(
        (data) => Buffer.byteLength(data) <= limits.maxMessageBytes,
        `data is at most ${limits.maxMessageBytes} bytes`,
      ),
    )
  const triggerBody = z.object({
    name: eventName,
    data: eventData,
    channels: z.optional(z.array(channelName).check(z.minLength(1), z.maxLength(100))),
    channel: z.optional(channelName),
    socket_id: z.optional(socketId),
    info,
  })
  const batchBody = z.object({
    batch: z
      .array(
        z.object({
          name: eventName,
          data: eventData,
          channel: channelName,
          socket_id: z.optional(socketId),
          info,
        }),
      )
      .check(z.maxLength(10)),
  })
  return { triggerBody, batchBody }
}

function infoFields(requested: string | undefined): Set<string> {
  return new Set((requested ?? '').split(',').filter(Boolean))
}

function describeChannel(channel: ChannelInfo, fields: Set<string>) {
  return {
    ...(fields.has('subscription_count') ? { subscription_count: channel.subscriptionCount } : {}),
    ...(fields.has('user_count') && channel.userCount !== undefined
      ? { user_count: channel.userCount }
      : {}),
  }
}

/**
 * The Pusher HTTP API for our one app, so the official `pusher` SDK publishes to the
 * built-in hub unchanged. Every request is signed as Pusher signs them.
 */
const signedQuery = z.record(z.string(), z.string())
const appParams = z.object({ appId: z.string() })
const channelParams = z.object({ appId: z.string(), channelName: z.string() })
const userParams = z.object({
  appId: z.string(),
  userId: z.string().check(z.minLength(1), z.maxLength(200)),
})

/**
 * The Pusher HTTP API for our one app, so the official `pusher` SDK publishes to the
 * built-in hub unchanged. Every request is signed as Pusher signs them; the signature
 * covers the exact bytes sent, so bodies stay strings until verified.
 */
export function registerPusherHttpApi(
  app: FastifyInstance,
  hub: RealtimeHub,
  credentials: RealtimeCredentials,
  now: () => number = Date.now,
): void {
  const { cluster } = hub
  const { triggerBody, batchBody } = eventBodies(hub.limits)
  const verify = (
    request: FastifyRequest,
    appId: string,
    query: Readonly<Record<string, string>>,
    rawBody: string | undefined,
  ) => {
    if (appId !== credentials.appId) throw notFound(`Unknown app ${appId}`)
    const unauthorized = (why: string) => new HttpError(401, 'unauthorized', why)
    if (query.auth_key !== credentials.key) throw unauthorized('Unknown auth_key')
    const timestamp = Number(query.auth_timestamp)
    if (
      !Number.isFinite(timestamp) ||
      Math.abs(now() / 1000 - timestamp) > MAX_TIMESTAMP_SKEW_SEC
    ) {
      throw unauthorized(
        `auth_timestamp must be within ${MAX_TIMESTAMP_SKEW_SEC} s of the server's clock`,
      )
    }
    if (query.auth_version !== '1.0') throw unauthorized('auth_version must be 1.0')
    if (
      rawBody !== undefined &&
      rawBody !== '' &&
      !safeEqual(query.body_md5 ?? '', md5Hex(rawBody))
    ) {
      throw unauthorized('body_md5 does not match the body')
    }
    const path = request.url.split('?')[0] ?? request.url
    const expected = hmacHex(credentials.secret, httpStringToSign(request.method, path, query))
    if (!safeEqual(query.auth_signature ?? '', expected)) throw unauthorized('Invalid signature')
  }

  const parseBody = <S extends z.ZodMiniType>(schema: S, raw: string): z.infer<S> => {
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      throw new HttpError(400, 'validation_failed', 'The request body is not valid JSON.')
    }
    const parsed = z.safeParse(schema, value)
    if (!parsed.success) {
      throw new HttpError(
        400,
        'validation_failed',
        'Some fields are missing or invalid.',
        parsed.error.issues.map((issue) => ({
          path: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        })),
      )
    }
    return parsed.data
  }

  void app.register((plain, _options, done) => {
    keepJsonBodyRaw(plain)
    const api = plain.withTypeProvider<ZodTypeProvider>()
    /** Checks the signature over the exact bytes sent, then reads the body against `schema`. */
    const signedBody = <S extends z.ZodMiniType>(
      request: FastifyRequest,
      signed: { appId: string; query: Readonly<Record<string, string>> },
      schema: S,
    ): z.infer<S> => {
      const raw = rawBody(request)
      verify(request, signed.appId, signed.query, raw)
      return parseBody(schema, raw)
    }
    const publish = (channels: string[], name: string, data: string, socketId?: string) =>
      hub.publish({ channels, name, data, ...(socketId ? { exceptSocketId: socketId } : {}) })
    const describeAll = async (channels: readonly string[], fields: Set<string>) =>
      Object.fromEntries(
        await Promise.all(
          channels.map(
            async (channel) =>
              [channel, describeChannel(await cluster.channelInfo(channel), fields)] as const,
          ),
        ),
      )

    api.post(
      '/apps/:appId/events',
      { schema: { hide: true, params: appParams, querystring: signedQuery } },
      async (request) => {
        const body = signedBody(
          request,
          { appId: request.params.appId, query: request.query },
          triggerBody,
        )
        const channels = body.channels ?? (body.channel ? [body.channel] : [])
        if (channels.length === 0)
          throw new HttpError(400, 'validation_failed', 'Name a channel or channels.')
        await publish(channels, body.name, body.data, body.socket_id)
        const fields = infoFields(body.info)
        return fields.size === 0 ? {} : { channels: await describeAll(channels, fields) }
      },
    )

    api.post(
      '/apps/:appId/batch_events',
      { schema: { hide: true, params: appParams, querystring: signedQuery } },
      async (request) => {
        const { batch } = signedBody(
          request,
          { appId: request.params.appId, query: request.query },
          batchBody,
        )
        for (const event of batch) {
          await publish([event.channel], event.name, event.data, event.socket_id)
        }
        if (!batch.some((event) => event.info)) return {}
        return {
          batch: await Promise.all(
            batch.map(async (event) =>
              describeChannel(await cluster.channelInfo(event.channel), infoFields(event.info)),
            ),
          ),
        }
      },
    )

    api.get(
      '/apps/:appId/channels',
      { schema: { hide: true, params: appParams, querystring: signedQuery } },
      async (request) => {
        verify(request, request.params.appId, request.query, undefined)
        const prefix = request.query.filter_by_prefix ?? ''
        const fields = infoFields(request.query.info)
        if (fields.has('user_count') && !prefix.startsWith('presence-')) {
          throw new HttpError(
            400,
            'validation_failed',
            'info=user_count needs filter_by_prefix=presence-',
          )
        }
        const channels: Record<string, object> = {}
        for (const [name, channel] of await cluster.occupiedChannels(prefix)) {
          channels[name] = describeChannel(channel, fields)
        }
        return { channels }
      },
    )

    api.get(
      '/apps/:appId/channels/:channelName',
      { schema: { hide: true, params: channelParams, querystring: signedQuery } },
      async (request) => {
        verify(request, request.params.appId, request.query, undefined)
        const name = request.params.channelName
        const fields = infoFields(request.query.info)
        if (fields.has('user_count') && !name.startsWith('presence-')) {
          throw new HttpError(400, 'validation_failed', 'user_count is only for presence channels')
        }
        const channel = await cluster.channelInfo(name)
        return { occupied: channel.occupied, ...describeChannel(channel, fields) }
      },
    )

    api.get(
      '/apps/:appId/channels/:channelName/users',
      { schema: { hide: true, params: channelParams, querystring: signedQuery } },
      async (request) => {
        verify(request, request.params.appId, request.query, undefined)
        const name = request.params.channelName
        if (!name.startsWith('presence-')) {
          throw new HttpError(
            400,
            'validation_failed',
            'Users are listed only for presence channels',
          )
        }
        const members = await cluster.presenceMembers(name)
        return { users: [...members.keys()].map((id) => ({ id })) }
      },
    )

    api.post(
      '/apps/:appId/users/:userId/terminate_connections',
      { schema: { hide: true, params: userParams, querystring: signedQuery } },
      async (request) => {
        verify(request, request.params.appId, request.query, rawBody(request))
        await hub.terminateUser(request.params.userId)
        return {}
      },
    )
    done()
  })
}
