import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import {
  garconAlertCreated,
  garconAlertsRead,
  type GarconAlert,
} from '@tableside/contracts/garcon-alerts'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { useApiClient } from '../../../lib/app-context'
import { useRealtimeLoader } from '../../../lib/realtime/realtime-context'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { alertFeedKey, alertFeedQueryOptions, rememberCall } from '../api/alerts'
import { addLiveAlert, markRead, type AlertFeed } from './alert-feed-state'

/**
 * The waiter's unread alerts, kept live from `private-garcon.{waiterId}`: a new one joins once
 * (by id) and `onNew` rings for it; one read on another device leaves; the calls they point at
 * follow their status. Each time the channel is (re)subscribed the list is fetched again, so an
 * alert sent while the socket was down still shows.
 */
export function useAlertFeed(waiterId: string, onNew: (alert: GarconAlert) => void) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const feed = useQuery(alertFeedQueryOptions(api, queryClient))
  const channel = garconChannel(waiterId)

  useChannelEvent(channel, garconAlertCreated, (alert) => {
    const current = queryClient.getQueryData<AlertFeed>(alertFeedKey) ?? { unread: 0, alerts: [] }
    const { feed: next, added } = addLiveAlert(current, alert, Date.now())
    if (!added) return
    queryClient.setQueryData<AlertFeed>(alertFeedKey, next)
    onNew(alert)
  })
  useChannelEvent(channel, garconAlertsRead, ({ alertId }) => {
    queryClient.setQueryData<AlertFeed>(
      alertFeedKey,
      (current) => current && markRead(current, alertId),
    )
  })
  useChannelEvent(channel, waiterCallUpdated, (call) => rememberCall(queryClient, call))
  useResubscribed(channel, () => void queryClient.invalidateQueries({ queryKey: alertFeedKey }))

  return feed
}

/**
 * Calls `onSubscribed` whenever pusher-js (re)subscribes the channel: after the first
 * subscription and after every reconnect, when events may have been missed.
 */
function useResubscribed(channel: string, onSubscribed: () => void) {
  const loadRealtime = useRealtimeLoader()
  const latest = useRef(onSubscribed)
  useEffect(() => {
    latest.current = onSubscribed
  })
  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void loadRealtime().then((connection) => {
      if (stopped) return
      stop = connection.listen(channel, 'pusher:subscription_succeeded', () => latest.current())
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [loadRealtime, channel])
}
