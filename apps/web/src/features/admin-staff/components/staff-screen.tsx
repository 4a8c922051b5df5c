import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AdminWaiter } from '@tableside/contracts/admin-staff'
import { AdminPage } from '../../../components/admin/admin-page'
import { buttonClass } from '../../../components/ui/button'
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
import { ColleagueResetDialog } from './colleague-reset-dialog'
import { ConfirmDialog } from './confirm-dialog'
import { FieldDialog } from './field-dialog'
import { SignInAlerts } from './sign-in-alerts'
import { StaffRow, staffRow, waiterRow, type Row, type RowAction } from './staff-row'
import { TablesDialog } from './tables-dialog'
import { useRefusal } from './use-refusal'

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

type Dialog = { type: 'add' } | { type: Exclude<RowAction, 'activate'>; row: Row } | null

const NAME_MAX = 100

/**
 * `/rest/{rid}/admin/staff`: waiters (with their tables and shift), managers and kitchen logins
 * on three tabs; add, rename, reset a PIN (or another manager's password or code at sign-in),
 * deactivate or bring back, each but the last in a window of its own. A refusal is said where
 * the manager acted: in the window, or above the list. Above it all, any login someone is
 * guessing at from many places (decision 0108).
 */
export function StaffScreen({
  title,
  documentTitle,
  timeZone,
}: {
  title: string
  documentTitle: string
  timeZone: string
}) {
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
  // What the server refused: in the open window, or above the list when none is open.
  const [problem, setProblem] = useState<string | null>(null)
  const refusal = useRefusal()
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
    setProblem(null)
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
  const done = (message: string) => {
    close()
    setNotice(message)
  }
  const answered = (message: string) => ({
    onSuccess: () => done(message),
    onError: (error: Error) => {
      setNotice('')
      setProblem(refusal(error))
    },
  })
  const update = (row: Row, change: { active?: boolean; name?: string }, message: string) => {
    if (kind === 'waiter') updateWaiter.mutate({ waiterId: row.id, ...change }, answered(message))
    else updateStaff.mutate({ staffId: row.id, ...change }, answered(message))
  }
  const setActive = (row: Row, active: boolean) =>
    update(row, { active }, t(active ? 'activated' : 'deactivated', { name: row.name }))
  const onAction = (action: RowAction, row: Row) => {
    setProblem(null)
    setNotice('')
    if (action === 'activate') setActive(row, true)
    else setDialog({ type: action, row })
  }
  const savePin = (row: Row) => (pin: string, handlers: { onError: (error: Error) => void }) => {
    const onSuccess = ({ signedOut }: { signedOut: number }) =>
      done(t('pinReset', { name: row.name, count: signedOut }))
    if (kind === 'waiter')
      resetWaiterPin.mutate({ waiterId: row.id, pin }, { ...handlers, onSuccess })
    else resetStaffPin.mutate({ staffId: row.id, pin }, { ...handlers, onSuccess })
  }
  const saveName = (row: Row) => (name: string, handlers: { onError: (error: Error) => void }) => {
    const onSuccess = () => done(t('renamed', { name: name.trim() }))
    if (kind === 'waiter')
      updateWaiter.mutate({ waiterId: row.id, name }, { ...handlers, onSuccess })
    else updateStaff.mutate({ staffId: row.id, name }, { ...handlers, onSuccess })
  }
  const updating = updateWaiter.isPending || updateStaff.isPending

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
        <SignInAlerts timeZone={timeZone} />
        <p className="staff-screen__notice" role="status">
          {notice}
        </p>
        <p className="staff-screen__problem" role="alert">
          {dialog === null ? problem : null}
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
                <StaffRow key={row.id} row={row} busy={updating} onAction={onAction} />
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
          <FieldDialog
            title={t('newPinFor', { name: dialog.row.name })}
            text={t('newPinHint', { name: dialog.row.name })}
            label={t('pin')}
            hint={t('pinHint')}
            input={{ inputMode: 'numeric', autoComplete: 'new-password', maxLength: 8 }}
            check={(pin) => (/^\d{4,8}$/.test(pin) ? undefined : t('pinInvalid'))}
            pending={resetWaiterPin.isPending || resetStaffPin.isPending}
            onSave={savePin(dialog.row)}
            onClose={close}
          />
        ) : null}
        {dialog?.type === 'rename' ? (
          <FieldDialog
            title={t('renameTitle', { name: dialog.row.name })}
            text={t('renameHint')}
            label={t('name')}
            initial={dialog.row.name}
            input={{ autoComplete: 'off', maxLength: NAME_MAX }}
            check={(name) =>
              name.trim() === ''
                ? t('nameRequired')
                : name.trim().length > NAME_MAX
                  ? t('nameLong')
                  : undefined
            }
            pending={updating}
            onSave={saveName(dialog.row)}
            onClose={close}
          />
        ) : null}
        {dialog?.type === 'tables' ? (
          <TablesDialog
            row={dialog.row}
            servedBy={servedByOthers(waiters.data?.waiters ?? [], dialog.row.id)}
            onDone={done}
            onClose={close}
          />
        ) : null}
        {dialog?.type === 'password' || dialog?.type === 'totp' ? (
          <ColleagueResetDialog what={dialog.type} row={dialog.row} onDone={done} onClose={close} />
        ) : null}
        {dialog?.type === 'deactivate' ? (
          <ConfirmDialog
            title={t('deactivateTitle', { name: dialog.row.name })}
            text={t(kind === 'waiter' ? 'deactivateWaiter' : 'deactivateStaff', {
              name: dialog.row.name,
            })}
            confirm={t('deactivate')}
            pending={updating}
            problem={problem}
            onConfirm={() => setActive(dialog.row, false)}
            onClose={close}
          />
        ) : null}
      </div>
    </AdminPage>
  )
}

/** Which active waiter other than `waiterId` serves each table now, by its code. */
function servedByOthers(
  waiters: readonly AdminWaiter[],
  waiterId: string,
): ReadonlyMap<string, string> {
  return new Map(
    waiters
      .filter((waiter) => waiter.active && waiter.id !== waiterId)
      .flatMap((waiter) => waiter.tables.map((table) => [table.code, waiter.name] as const)),
  )
}
