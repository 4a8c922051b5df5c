import type { FastifyInstance } from 'fastify'
import { getTableSession, openTableSession } from '@tableside/contracts/table-sessions'
import { registerEndpoint } from '../../http/register-endpoint'
import { UUID_PATTERN, type ChannelRule } from '../realtime/channel-authorization'
import type { TableSessionService } from './table-session-service'

export function registerTableSessionRoutes(app: FastifyInstance, sessions: TableSessionService) {
  registerEndpoint(app, openTableSession, ({ params, body }) =>
    sessions.open(params.restaurantId, body.tableToken),
  )
  registerEndpoint(app, getTableSession, ({ params }) => sessions.get(params.sessionId))
}

/**
 * `private-table.{sessionId}`: the session id is the capability, so holding it (it is in the
 * channel name) is what is checked; the session must exist.
 */
export function tableChannelRule(sessions: TableSessionService): ChannelRule {
  return {
    pattern: new RegExp(`^private-table\\.(${UUID_PATTERN})$`),
    async decide(_request, match) {
      const id = match[1] ?? ''
      return (await sessions.exists(id))
        ? { allow: true }
        : { allow: false, reason: 'There is no such table session.' }
    },
  }
}
