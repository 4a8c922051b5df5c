import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { garconShiftChannel } from '@tableside/contracts/table-events'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { usePresenceMembers } from '../../../lib/realtime/use-presence-members'
import { garconMeQueryOptions } from '../api/get-garcon-me'
import { selectTablesMessages } from '../select-tables-messages'
import { shiftMembers } from '../shift-members'
import { useSignedInWaiter } from '../signed-in-waiter'
import { WaiterAvatar } from './waiter-avatar'

/**
 * "On shift now": the restaurant's waiters on shift, live, from the presence channel. The
 * screen is in the channel only while the server says this waiter is on shift (it signs the
 * channel for nobody else); off shift, or signed out, it leaves.
 */
export function ShiftRoster() {
  const { t, language } = useMessages(selectTablesMessages)
  const api = useApiClient()
  const waiter = useSignedInWaiter()
  const me = useQuery(garconMeQueryOptions(api))
  const onShift = me.data?.onShift === true
  const presence = usePresenceMembers(onShift ? garconShiftChannel(waiter.restaurantId) : undefined)
  const headingId = useId()

  if (!me.data) return null
  return (
    <section className="shift-roster card" aria-labelledby={headingId}>
      <h2 className="shift-roster__title" id={headingId}>
        {t('onShiftNow')}
      </h2>
      {!onShift ? (
        <p className="shift-roster__note">{t('shiftHidden')}</p>
      ) : presence.status === 'refused' ? (
        <p className="shift-roster__note" role="alert">
          {t('shiftRefused')}
        </p>
      ) : presence.status === 'joining' ? (
        <p className="shift-roster__note">{t('shiftJoining')}</p>
      ) : (
        <ul className="shift-roster__list" aria-live="polite">
          {shiftMembers(presence.members, presence.meId, language).map((member) => (
            <li key={member.id} className="shift-roster__member" data-me={member.me || undefined}>
              <WaiterAvatar name={member.name} size="sm" />
              <span className="shift-roster__name">{member.name}</span>
              {member.me ? <span className="shift-roster__me">({t('me')})</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
