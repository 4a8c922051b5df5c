import type { ReactNode } from 'react'
import { NoticeCard } from '../../../components/ui/notice-card'
import { ClockIcon } from '../../../components/ui/screen-icons'

interface PaymentPendingProps {
  /** "Waiting for the payment…" or "Confirming the payment…". */
  title: string
  hint: string
  actions?: ReactNode
}

/** A payment whose outcome is not known yet; the screen changes by itself when the bank answers. */
export function PaymentPending({ title, hint, actions }: PaymentPendingProps) {
  return (
    <NoticeCard busy icon={<ClockIcon size={32} />} title={title} actions={actions}>
      <p>{hint}</p>
    </NoticeCard>
  )
}
