import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AdminStaffMember, AdminWaiter } from '@tableside/contracts/admin-staff'
import { AdminPage } from '../../../components/admin/admin-page'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { staffMessages, type StaffMessageKey } from '../admin-staff-messages'
import {
  staffQueryOptions,
  useResetStaffPin,
  useResetWaiterPin,
  useUpdateStaff,
  useUpdateWaiter,
  waitersQueryOptions,
} from '../api/staff-api'
import type { AccountKind } from '../staff-form'
import { AccountDialog } from './account-dialog'
import { ConfirmDialog } from './confirm-dialog'
import { PinDialog } from './pin-dialog'
import '../admin-staff.css'

const TABS: readonly { kind: AccountKind; label: StaffMessageKey; tab: string }[] = [
  { kind: 'waiter', label: 'waiters', tab: 'waiters' },
  { kind: 'manager', label: 'managers', tab: 'managers' },
  { kind: 'kitchen', label: 'kitchen', tab: 'kitchen' },
]
const ADD: Record<AccountKind, StaffMessageKey> = {
  waiter: 'addWaiter',
  manager: 'addManager',
  kitchen: 'addKitchen',
}

/** One person on a tab, whatever their role. */
interface Row {
  id: string
  name: string
  login: string
  active: boolean
  self: boolean
  status: StaffMessageKey
  /** Waiters only: the tables they serve now. */
  tables: string[] | null
}

type Dialog = { type: 'add' } | { type: 'pin'; row: Row } | { type: 'deactivate'; row: Row } | null

const waiterRow = (waiter: AdminWaiter): Row => ({
  id: waiter.id,
  name: waiter.name,
  login: waiter.login,
  active: waiter.active,
  self: false,
  status: !waiter.active ? 'inactive' : waiter.onShift ? 'onShift' : 'offShift',
  tables: waiter.tables.map((table) => table.label),
})

const staffRow = (member: AdminStaffMember): Row => ({
  id: member.id,
  name: member.name,
  login: member.login,
  active: member.active,
  self: member.self,
  status: member.active ? 'active' : 'inactive',
  tables: null,
})

/**
 * `/rest/{rid}/admin/staff`: waiters (with their tables and shift), managers and kitchen logins
 * on three tabs; add, reset a PIN, deactivate or bring back, each in a window of its own.
 */
export function StaffScreen({ title, documentTitle }: { title: string; documentTitle: string }) {
  const { t } = useMessages(staffMessages)
  const api = useApiClient()
  const [search, setSearch] = useSearchParams()
  const current = TABS.find((tab) => tab.tab === search.get('tab')) ?? TABS[0]
  const kind = current?.kind ?? 'waiter'
  const waiters = useQuery(waitersQueryOptions(api))
  const staff = useQuery(staffQueryOptions(api))
  const updateWaiter = useUpdateWaiter()
  const updateStaff = useUpdateStaff()
  const resetWaiterPin = useResetWaiterPin()
  const resetStaffPin = useResetStaffPin()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [notice, setNotice] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const baseId = useId()

  const query = kind === 'waiter' ? waiters : staff
  const rows: Row[] =
    kind === 'waiter'
      ? (waiters.data?.waiters ?? []).map(waiterRow)
      : (staff.data?.staff ?? []).filter((member) => member.role === kind).map(staffRow)

  const choose = (index: number) => {
    const tab = TABS[(index + TABS.length) % TABS.length]
    if (!tab) return
    setNotice('')
    setSearch(tab.tab === 'waiters' ? {} : { tab: tab.tab }, { replace: true })
    tabRefs.current[TABS.indexOf(tab)]?.focus()
  }
  const onTabKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowRight') choose(index + 1)
    else if (event.key === 'ArrowLeft') choose(index - 1)
    else if (event.key === 'Home') choose(0)
    else if (event.key === 'End') choose(TABS.length - 1)
    else return
    event.preventDefault()
  }

  const close = () => {
    setDialog(null)
    setProblem(null)
  }
  const failed = (error: Error) =>
    setProblem(
      isApiError(error) && error.code === 'cannot_deactivate_self'
        ? t('selfDeactivate')
        : isApiError(error) && error.status !== 0
          ? t('failed', { message: error.message })
          : t('offline'),
    )
  const setActive = (row: Row, active: boolean) => {
    const handlers = {
      onSuccess: () => {
        close()
        setNotice(t(active ? 'activated' : 'deactivated', { name: row.name }))
      },
      onError: failed,
    }
    if (kind === 'waiter') updateWaiter.mutate({ waiterId: row.id, active }, handlers)
    else updateStaff.mutate({ staffId: row.id, active }, handlers)
  }
  const savePin = (row: Row) => (pin: string, handlers: { onError: (error: Error) => void }) => {
    const onSuccess = ({ signedOut }: { signedOut: number }) => {
      close()
      setNotice(t('pinReset', { name: row.name, count: signedOut }))
    }
    if (kind === 'waiter')
      resetWaiterPin.mutate({ waiterId: row.id, pin }, { ...handlers, onSuccess })
    else resetStaffPin.mutate({ staffId: row.id, pin }, { ...handlers, onSuccess })
  }

  return (
    <AdminPage
      title={title}
      documentTitle={documentTitle}
      actions={
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => setDialog({ type: 'add' })}
        >
          {t(ADD[kind])}
        </button>
      }
    >
      <div className="staff-screen">
        <div role="tablist" aria-label={title} className="staff-tabs">
          {TABS.map((tab, index) => {
            const selected = tab.kind === kind
            return (
              <button
                key={tab.tab}
                ref={(element) => {
                  tabRefs.current[index] = element
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${tab.tab}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                className="staff-tabs__tab"
                onClick={() => choose(index)}
                onKeyDown={(event) => onTabKey(event, index)}
              >
                {t(tab.label)}
              </button>
            )
          })}
        </div>
        <p className="staff-screen__notice" role="status">
          {notice}
        </p>
        <section
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${current?.tab ?? 'waiters'}`}
          className="staff-panel"
        >
          {query.isPending ? (
            <p className="staff-panel__state">{t('loading')}</p>
          ) : query.isError ? (
            <div className="staff-panel__state" role="alert">
              <p>{t('loadFailed')}</p>
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={() => void query.refetch()}
              >
                {t('retry')}
              </button>
            </div>
          ) : rows.length === 0 ? (
            <p className="staff-panel__state">{t('empty')}</p>
          ) : (
            <ul className="staff-list">
              {rows.map((row) => (
                <li key={row.id} className={`staff-row${row.active ? '' : ' staff-row--inactive'}`}>
                  <div className="staff-row__who">
                    <p className="staff-row__name">
                      {row.name}
                      {row.self ? <span className="staff-row__you"> ({t('you')})</span> : null}
                    </p>
                    <p className="staff-row__login">
                      {t('login')}: <span translate="no">{row.login}</span>
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
                    {kind !== 'manager' && row.active ? (
                      <button
                        type="button"
                        className={buttonClass('secondary')}
                        aria-label={`${t('resetPin')}: ${row.name}`}
                        onClick={() => setDialog({ type: 'pin', row })}
                      >
                        {t('resetPin')}
                      </button>
                    ) : null}
                    {row.self ? null : row.active ? (
                      <button
                        type="button"
                        className={buttonClass('secondary')}
                        aria-label={`${t('deactivate')}: ${row.name}`}
                        onClick={() => setDialog({ type: 'deactivate', row })}
                      >
                        {t('deactivate')}
                      </button>
                    ) : (
                      <button
                        type="button"
                        className={buttonClass('secondary')}
                        aria-label={`${t('activate')}: ${row.name}`}
                        onClick={() => setActive(row, true)}
                      >
                        {t('activate')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
        {dialog?.type === 'add' ? (
          <AccountDialog
            kind={kind}
            onClose={close}
            onAdded={(name) => {
              close()
              setNotice(t('added', { name }))
            }}
          />
        ) : null}
        {dialog?.type === 'pin' ? (
          <PinDialog
            name={dialog.row.name}
            pending={resetWaiterPin.isPending || resetStaffPin.isPending}
            onSave={savePin(dialog.row)}
            onClose={close}
          />
        ) : null}
        {dialog?.type === 'deactivate' ? (
          <ConfirmDialog
            title={t('deactivateTitle', { name: dialog.row.name })}
            text={t(kind === 'waiter' ? 'deactivateWaiter' : 'deactivateStaff', {
              name: dialog.row.name,
            })}
            confirm={t('deactivate')}
            pending={updateWaiter.isPending || updateStaff.isPending}
            problem={problem}
            onConfirm={() => setActive(dialog.row, false)}
            onClose={close}
          />
        ) : null}
      </div>
    </AdminPage>
  )
}
