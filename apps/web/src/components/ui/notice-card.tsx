import { useId, type ReactNode } from 'react'
import './icon-disc.css'
import './notice-card.css'

interface NoticeCardProps {
  icon: ReactNode
  title: string
  children: ReactNode
  actions?: ReactNode
  tone?: 'calm' | 'alert'
  /**
   * What it speaks of is still under way (a payment the bank has not answered): a polite live
   * region whose title is the status, so a screen reader hears what it waits for; the icon pulses.
   */
  busy?: boolean
}

/** A screen's whole message when there is nothing else to show: empty, not found, no table. */
export function NoticeCard({
  icon,
  title,
  children,
  actions,
  tone = 'calm',
  busy = false,
}: NoticeCardProps) {
  const id = useId()
  return (
    <section
      className="notice-card"
      aria-labelledby={id}
      data-tone={tone}
      aria-live={busy ? 'polite' : undefined}
      aria-busy={busy || undefined}
    >
      <span className="icon-disc notice-card__icon">{icon}</span>
      <h2 id={id} className="notice-card__title" role={busy ? 'status' : undefined}>
        {title}
      </h2>
      <div className="notice-card__text">{children}</div>
      {actions ? <div className="notice-card__actions">{actions}</div> : null}
    </section>
  )
}
