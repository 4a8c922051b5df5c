import { useId, type ReactNode } from 'react'
import './notice-card.css'

interface NoticeCardProps {
  icon: ReactNode
  title: string
  children: ReactNode
  actions?: ReactNode
  tone?: 'calm' | 'alert'
}

/** A screen's whole message when there is nothing else to show: empty, not found, no table. */
export function NoticeCard({ icon, title, children, actions, tone = 'calm' }: NoticeCardProps) {
  const id = useId()
  return (
    <section className="notice-card" aria-labelledby={id} data-tone={tone}>
      <span className="notice-card__icon">{icon}</span>
      <h2 id={id} className="notice-card__title">
        {title}
      </h2>
      <div className="notice-card__text">{children}</div>
      {actions ? <div className="notice-card__actions">{actions}</div> : null}
    </section>
  )
}
