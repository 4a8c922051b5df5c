import { useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { safeParse } from 'zod/mini'
import { waiterCallUpdated } from '@tableside/contracts/table-events'
import { tableChannel, type TableSession } from '@tableside/contracts/table-sessions'
import {
  waiterCallReason,
  type WaiterCall,
  type WaiterCallReason,
} from '@tableside/contracts/waiter-calls'
import { NoticeCard } from '../../components/ui/notice-card'
import { QrIcon } from '../../components/ui/status-icons'
import { useChannelEvent } from '../../lib/realtime/use-channel-event'
import { useResubscribed } from '../../lib/realtime/use-resubscribed'
import { useRestaurant } from '../../features/restaurant/hooks/use-restaurant'
import { useStoredTableSession } from '../../features/table-session/table-session-store'
import { useCreateWaiterCall } from '../../features/waiter-calls/api/create-waiter-call'
import { waiterCallsQueryOptions } from '../../features/waiter-calls/api/list-waiter-calls'
import { applyWaiterCall } from '../../features/waiter-calls/api/waiter-call-updates'
import { CallForm } from '../../features/waiter-calls/components/call-form'
import { CallProgress } from '../../features/waiter-calls/components/call-progress'
import { waiterCallMessages } from '../../features/waiter-calls/waiter-call-messages'
import { isApiError } from '../../lib/api-error'
import { useApiClient } from '../../lib/app-context'
import { useMessages } from '../../lib/i18n/use-translation'
import { Screen } from '../screen'
import './call.css'

/** `/call` (`?reason=bill` preselects the bill): call the waiter to the table and see them coming. */
export function CallRoute() {
  const restaurant = useRestaurant()
  const session = useStoredTableSession(restaurant.id)
  const { t } = useMessages(waiterCallMessages)
  return (
    <Screen title={t('title')}>
      {session ? (
        <TableCall key={session.id} session={session} timeZone={restaurant.timezone} />
      ) : (
        <NoticeCard icon={<QrIcon size={32} />} title={t('noTableTitle')}>
          <p>{t('noTable')}</p>
        </NoticeCard>
      )}
    </Screen>
  )
}

function TableCall({ session, timeZone }: { session: TableSession; timeZone: string }) {
  const api = useApiClient()
  const queryClient = useQueryClient()
  const { t } = useMessages(waiterCallMessages)
  const [params] = useSearchParams()
  const asked = safeParse(waiterCallReason, params.get('reason'))
  const [reason, setReason] = useState<WaiterCallReason>(asked.success ? asked.data : 'waiter')
  const calls = useQuery(waiterCallsQueryOptions(api, session.id))
  const send = useCreateWaiterCall(session.restaurantId, session.id)
  useChannelEvent(tableChannel(session.id), waiterCallUpdated, (call) =>
    applyWaiterCall(queryClient, api, session.id, call),
  )
  // A waiter who answered between the first read and the subscription (or while offline).
  useResubscribed(tableChannel(session.id), () => {
    const { queryKey } = waiterCallsQueryOptions(api, session.id)
    void queryClient.invalidateQueries({ queryKey, exact: true })
  })
  const list = calls.data ?? []
  const openReasons = new Set(list.filter((c) => c.status !== 'done').map((c) => c.reason))
  const shown = list.filter((call, index) => call.status !== 'done' || index === 0)
  const problem = send.isError
    ? t(isApiError(send.error) && send.error.status === 410 ? 'closed' : 'failed')
    : null
  return (
    <div className="call">
      <p className="call__table">{t('table', { table: session.table.label })}</p>
      <CallList calls={shown} timeZone={timeZone} />
      <CallForm
        reason={reason}
        onReason={setReason}
        openReasons={openReasons}
        sending={send.isPending}
        problem={problem}
        onSend={(call) => send.mutate(call)}
      />
    </div>
  )
}

function CallList({ calls, timeZone }: { calls: readonly WaiterCall[]; timeZone: string }) {
  const { t } = useMessages(waiterCallMessages)
  const id = useId()
  const newest = calls[0]
  const news = !newest
    ? ''
    : newest.status === 'open'
      ? t('statusSent')
      : newest.status === 'acknowledged'
        ? t('statusComing', { name: newest.acknowledgedBy?.name ?? '' })
        : t('statusDone')
  return (
    <>
      <p className="call__news" role="status">
        {news}
      </p>
      {calls.length > 0 ? (
        <section className="call__calls" aria-labelledby={id}>
          <h2 id={id} className="call__heading">
            {t('calls')}
          </h2>
          {calls.map((call) => (
            <CallProgress key={call.id} call={call} timeZone={timeZone} />
          ))}
        </section>
      ) : null}
    </>
  )
}
