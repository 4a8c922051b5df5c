import { useQueryClient } from '@tanstack/react-query'
import { tableSessionMoved } from '@tableside/contracts/table-events'
import { tableChannel } from '@tableside/contracts/table-sessions'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { tableSessionQueryKey } from '../api/get-table-session'
import { storeTableSession, useStoredTableSession } from '../table-session-store'

/**
 * The waiter moved the guests to another table: the session, its orders and its bill went
 * with them, so this phone now names the new table on every screen. Drawn wherever a diner
 * with a table session is, and loaded only then.
 */
export function TableMoveWatch({ restaurantId }: { restaurantId: string }) {
  const stored = useStoredTableSession(restaurantId)
  const queryClient = useQueryClient()
  useChannelEvent(
    stored ? tableChannel(stored.id) : undefined,
    tableSessionMoved,
    ({ sessionId, table }) => {
      if (stored?.id !== sessionId) return
      storeTableSession(restaurantId, { ...stored, table })
      void queryClient.invalidateQueries({ queryKey: tableSessionQueryKey(sessionId) })
    },
  )
  return null
}
