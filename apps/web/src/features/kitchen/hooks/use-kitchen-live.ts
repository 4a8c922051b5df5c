import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { kitchenChanged, kitchenChannel } from '@tableside/contracts/kitchen'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { kitchenBoardKey } from '../api/kitchen-board'

/** Events that come together (a ticket bumped whole, a burst of orders) cost one refetch. */
const COALESCE_MS = 150

/**
 * Keeps the board live from `private-kitchen.{restaurantId}`: every `kitchen.changed` refetches
 * the tickets (coalesced), and so does every (re)subscription, when events may have been missed.
 */
export function useKitchenLive(restaurantId: string) {
  const queryClient = useQueryClient()
  const channel = kitchenChannel(restaurantId)
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const refetch = () => {
    if (pending.current) return
    pending.current = setTimeout(() => {
      pending.current = undefined
      void queryClient.invalidateQueries({ queryKey: kitchenBoardKey })
    }, COALESCE_MS)
  }
  useChannelEvent(channel, kitchenChanged, refetch)
  useResubscribed(channel, refetch)
  useEffect(() => {
    const timer = pending
    return () => clearTimeout(timer.current)
  }, [channel])
}
