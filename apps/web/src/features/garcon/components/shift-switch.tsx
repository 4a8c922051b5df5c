import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useApiClient } from '../../../lib/app-context'
import { useMessages } from '../../../lib/i18n/use-translation'
import { garconMeQueryOptions } from '../api/get-garcon-me'
import { useSetGarconShift } from '../api/garcon-tables'
import { selectTablesMessages } from '../select-tables-messages'

/**
 * "On shift": only waiters on shift hear calls (decision 0042). The switch moves when tapped;
 * if the server says no, it moves back and says why.
 */
export function ShiftSwitch() {
  const { t } = useMessages(selectTablesMessages)
  const api = useApiClient()
  const me = useQuery(garconMeQueryOptions(api))
  const shift = useSetGarconShift()
  const labelId = useId()
  const hintId = useId()
  const onShift = shift.isPending ? shift.variables : (me.data?.onShift ?? false)
  return (
    <div className="shift-switch card" data-on={onShift || undefined}>
      <div className="shift-switch__text">
        <span className="shift-switch__label" id={labelId}>
          {t('shift')}
        </span>
        <span className="shift-switch__hint" id={hintId}>
          {t(onShift ? 'onShiftHint' : 'offShiftHint')}
        </span>
      </div>
      <button
        type="button"
        role="switch"
        className="switch"
        aria-checked={onShift}
        aria-labelledby={labelId}
        aria-describedby={hintId}
        onClick={() => shift.mutate(!onShift)}
      >
        <span className="switch__thumb" />
      </button>
      {shift.isError ? (
        <p className="shift-switch__problem" role="alert">
          {t('shiftFailed')}
        </p>
      ) : null}
    </div>
  )
}
