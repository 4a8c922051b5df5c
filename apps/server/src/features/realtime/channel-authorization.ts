import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import * as z from 'zod/mini'
import { HttpError } from '../../http/http-error'
import type { RealtimeCredentials } from './credentials'
import { CHANNEL_NAME, MAX_CHANNEL_NAME_LENGTH } from './hub'
import { channelAuth } from './signatures'

export type ChannelDecision =
  /**
   * `signIn`: nobody who could join is signed in (no token, or one revoked or expired): 401, as
   * any request of theirs would answer, so a client ends the session it no longer has. Without
   * it the asker is known and may not join: 403.
   */
  | { allow: false; reason: string; signIn?: true }
  | { allow: true; presence?: { userId: string; userInfo: Record<string, unknown> } }

/**
 * A product rule for one family of channels, e.g. `private-table.{sessionId}` for whoever
 * holds that table session. Features register their rules; a channel no rule claims is refused.
 */
export interface ChannelRule {
  pattern: RegExp
  decide(request: FastifyRequest, match: RegExpExecArray): Promise<ChannelDecision>
}

/** A lowercase uuid, as the capabilities in channel names are: `private-table.{sessionId}`. */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'

const authBody = z.object({
  socket_id: z.string().check(z.regex(/^\d+\.\d+$/, 'socket_id looks like 123.456')),
  channel_name: z
    .string()
    .check(
      z.maxLength(MAX_CHANNEL_NAME_LENGTH),
      z.regex(CHANNEL_NAME, 'Invalid channel name'),
      z.regex(/^(private-|presence-)/, 'Only private and presence channels need authorization'),
    ),
})

export class ChannelAuthorizer {
  readonly #rules: ChannelRule[] = []

  add(rule: ChannelRule): void {
    this.#rules.push(rule)
  }

  async decide(request: FastifyRequest, channel: string): Promise<ChannelDecision> {
    for (const rule of this.#rules) {
      const match = rule.pattern.exec(channel)
      if (match) return rule.decide(request, match)
    }
    return { allow: false, reason: `No one may join ${channel}.` }
  }
}

/**
 * `POST /broadcasting/auth`, as pusher-js sends it (form fields `socket_id`, `channel_name`):
 * signs the subscription when the product rules allow it, 401 in the error shape to someone who
 * must sign in first, 403 to anyone else they refuse.
 */
export function registerChannelAuthorization(
  app: FastifyInstance,
  credentials: RealtimeCredentials,
  authorizer: ChannelAuthorizer,
): void {
  void app.register((plain, _options, done) => {
    plain.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))))
      },
    )
    plain
      .withTypeProvider<ZodTypeProvider>()
      .post('/broadcasting/auth', { schema: { hide: true, body: authBody } }, async (request) => {
        const { socket_id: socketId, channel_name: channel } = request.body
        const decision = await authorizer.decide(request, channel)
        if (!decision.allow) {
          throw decision.signIn
            ? new HttpError(401, 'unauthorized', decision.reason)
            : new HttpError(403, 'forbidden', decision.reason)
        }
        if (!channel.startsWith('presence-')) {
          return { auth: channelAuth(credentials.key, credentials.secret, socketId, channel) }
        }
        if (!decision.presence) throw new HttpError(403, 'forbidden', 'Presence needs a user.')
        const channelData = JSON.stringify({
          user_id: decision.presence.userId,
          user_info: decision.presence.userInfo,
        })
        return {
          auth: channelAuth(credentials.key, credentials.secret, socketId, channel, channelData),
          channel_data: channelData,
        }
      })
    done()
  })
}
