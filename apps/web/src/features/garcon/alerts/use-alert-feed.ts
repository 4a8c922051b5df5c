import { useQuery, useQueryClient } from '@tanstack/react-query'
import {
  garconAlertCreated,
  garconAlertsHandled,
  garconAlertsRead,
  type GarconAlert,
} from '@tableside/contracts/garcon-alerts'
import { garconChannel, waiterCallUpdated } from '@tableside/contracts/table-events'
import { useApiClient } from '../../../lib/app-context'
import { useChannelEvent } from '../../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../../lib/realtime/use-resubscribed'
import { alertFeedKey, alertFeedQueryOptions, rememberCall } from '../api/alerts'
import { addLiveAlert, markHandled, markRead, type AlertFeed } from './alert-feed-state'

/**
 * The waiter's unread alerts, kept live from `private-garcon.{waiterId}`: a new one joins once
 * (by id) and `onNew` rings for it; one read on another device, or handled by anyone, leaves; the calls they point at
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
  useChannelEvent(channel, garconAlertsHandled, ({ alertIds }) => {
    queryClient.setQueryData<AlertFeed>(
      alertFeedKey,
      (current) => current && markHandled(current, alertIds),
    )
  })
  useChannelEvent(channel, waiterCallUpdated, (call) => rememberCall(queryClient, call))
  useResubscribed(channel, () => void queryClient.invalidateQueries({ queryKey: alertFeedKey }))

  return feed
}
