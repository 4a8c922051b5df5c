import { ConfirmChoice } from '../../../components/ui/confirm-choice'
import { GarconSheet } from './garcon-sheet'
import { WaiterAvatar } from './waiter-avatar'

interface TakeOverSheetProps {
  title: string
  text: string
  waiterName: string
  confirm: string
  keep: string
  onConfirm: () => void
  onKeep: () => void
}

/**
 * Asks before a table is taken from the waiter serving it: a sheet from the bottom edge, within
 * the thumb's reach, over a page made inert; Escape or "Cancel" leaves the table as it is.
 */
export function TakeOverSheet({
  title,
  text,
  waiterName,
  confirm,
  keep,
  onConfirm,
  onKeep,
}: TakeOverSheetProps) {
  return (
    <GarconSheet
      title={title}
      text={text}
      onClose={onKeep}
      lead={<WaiterAvatar name={waiterName} />}
    >
      <ConfirmChoice
        className="take-over-sheet__actions"
        confirm={confirm}
        keep={keep}
        onConfirm={onConfirm}
        onKeep={onKeep}
      />
    </GarconSheet>
  )
}
