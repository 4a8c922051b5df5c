import type { AdminStaffMember, AdminWaiter } from '@tableside/contracts/admin-staff'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages, type StaffMessageKey } from '../admin-staff-messages'

/** One person on a tab, whatever their role. */
export interface Row {
  id: string
  name: string
  login: string
  active: boolean
  self: boolean
  status: StaffMessageKey
  /** Waiters only: the tables they serve now (labels), and their codes. */
  tables: string[] | null
  tableCodes: string[] | null
  /** Waiters and kitchen logins sign in with a PIN a manager can reset. */
  hasPin: boolean
  /** Another manager: their password (and their code, when on) can be reset by this one. */
  colleague: boolean
  totpEnabled: boolean
}

export const waiterRow = (waiter: AdminWaiter): Row => ({
  id: waiter.id,
  name: waiter.name,
  login: waiter.login,
  active: waiter.active,
  self: false,
  status: !waiter.active ? 'inactive' : waiter.onShift ? 'onShift' : 'offShift',
  tables: waiter.tables.map((table) => table.label),
  tableCodes: waiter.tables.map((table) => table.code),
  hasPin: true,
  colleague: false,
  totpEnabled: false,
})

export const staffRow = (member: AdminStaffMember): Row => ({
  id: member.id,
  name: member.name,
  login: member.login,
  active: member.active,
  self: member.self,
  status: member.active ? 'active' : 'inactive',
  tables: null,
  tableCodes: null,
  hasPin: member.role === 'kitchen',
  colleague: member.role === 'manager' && !member.self,
  totpEnabled: member.totpEnabled,
})

export type RowAction =
  'rename' | 'tables' | 'pin' | 'password' | 'totp' | 'deactivate' | 'activate'

/** Who, their state, their tables (a waiter's), and what the manager can do to them. */
export function StaffRow({
  row,
  busy,
  onAction,
}: {
  row: Row
  /** A change to this row is on its way: bringing back is not offered twice. */
  busy: boolean
  onAction: (action: RowAction, row: Row) => void
}) {
  const { t } = useMessages(staffMessages)
  const action = (name: RowAction, label: StaffMessageKey) => (
    <button
      type="button"
      className={buttonClass('secondary')}
      aria-label={`${t(label)}: ${row.name}`}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (!busy) onAction(name, row)
      }}
    >
      {t(label)}
    </button>
  )
  return (
    <li className={`staff-row${row.active ? '' : ' staff-row--inactive'}`}>
      <div className="staff-row__who">
        <p className="staff-row__name">
          {row.name}
          {row.self ? <span className="staff-row__you"> ({t('you')})</span> : null}
        </p>
        <p className="staff-row__login">
          {t('login')}: <span translate="no">{row.login}</span>
          {row.totpEnabled ? <span className="staff-row__totp"> · {t('codeOn')}</span> : null}
        </p>
      </div>
      <p className={`staff-badge staff-badge--${row.status}`}>{t(row.status)}</p>
      {row.tables === null ? null : (
        <p className="staff-row__tables">
          <span className="staff-row__label">{t('tables')}: </span>
          {row.tables.length > 0 ? row.tables.join(', ') : t('noTables')}
        </p>
      )}
      <div className="staff-row__actions">
        {action('rename', 'rename')}
        {row.tables !== null && row.active ? action('tables', 'assignTables') : null}
        {row.hasPin && row.active ? action('pin', 'resetPin') : null}
        {row.colleague && row.active ? action('password', 'resetPassword') : null}
        {row.colleague && row.active && row.totpEnabled ? action('totp', 'resetTotp') : null}
        {row.self
          ? null
          : row.active
            ? action('deactivate', 'deactivate')
            : action('activate', 'activate')}
      </div>
    </li>
  )
}
