import { useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@tableside/contracts/audit'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { dateLocale, restaurantTime } from '../../../lib/restaurant-time'
import { staffMessages, type StaffMessageKey } from '../admin-staff-messages'
import { signInAlertsQueryOptions } from '../api/sign-in-alerts'

/** An alert stays on the screen this long after the server raised it. */
const SHOWN_MS = 24 * 60 * 60 * 1000

const ROLE: Readonly<Record<string, StaffMessageKey>> = {
  garcon: 'roleGarcon',
  manager: 'roleManager',
  kitchen: 'roleKitchen',
}

/** What an alert's `after` says: the kind of login, the login and the wrong attempts counted. */
function attackOf(entry: AuditEntry): { role: string; login: string; failures: number } | null {
  const [role = '', ...rest] = (entry.entityId ?? '').split(':')
  let failures = 0
  try {
    const after: unknown = JSON.parse(entry.after ?? 'null')
    if (after && typeof after === 'object' && 'failures' in after) {
      failures = Number(after.failures) || 0
    }
  } catch {
    // An entry written by a later release: shown without the count.
  }
  return ROLE[role] ? { role, login: rest.join(':'), failures } : null
}

/**
 * Above the staff list: the logins someone guessed at from many places in the last day, one
 * line each (the newest alert of each login), so a manager can act on it.
 */
export function SignInAlerts({
  timeZone,
  now = Date.now,
}: {
  timeZone: string
  now?: () => number
}) {
  const { t, language } = useMessages(staffMessages)
  const alerts = useQuery(signInAlertsQueryOptions(useApiClient()))
  const seen = new Set<string>()
  const recent = (alerts.data?.entries ?? []).filter((entry) => {
    if (now() - Date.parse(entry.at) > SHOWN_MS || seen.has(entry.entityId ?? '')) return false
    seen.add(entry.entityId ?? '')
    return true
  })
  if (recent.length === 0) return null
  return (
    // A list may not be an alert itself (its role would hide that it is a list).
    <div role="alert">
      <ul className="staff-alerts">
        {recent.map((entry) => {
          const attack = attackOf(entry)
          if (!attack) return null
          const who = t(ROLE[attack.role] ?? 'roleGarcon', { login: attack.login })
          const time = restaurantTime(entry.at, timeZone, dateLocale(language), {
            timeStyle: 'short',
          })
          return (
            <li key={entry.id} className="staff-alerts__item">
              {t('underAttack', { who, failures: attack.failures, time })}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
