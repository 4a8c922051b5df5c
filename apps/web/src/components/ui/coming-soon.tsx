import { useId, type ReactNode } from 'react'
import './coming-soon.css'

export interface ComingSoonProps {
  icon: ReactNode
  /** e.g. "Coming with the next release", in the page's language. */
  title: string
  children: ReactNode
  actions?: ReactNode
}

/** A screen whose feature is not built yet says plainly what will be there. */
export function ComingSoon({ icon, title, children, actions }: ComingSoonProps) {
  const titleId = useId()
  return (
    <section className="coming-soon" aria-labelledby={titleId}>
      <div className="coming-soon__head">
        <span className="coming-soon__icon">{icon}</span>
        <h2 className="coming-soon__title" id={titleId}>
          {title}
        </h2>
      </div>
      <p className="coming-soon__text">{children}</p>
      {actions ? <div className="coming-soon__actions">{actions}</div> : null}
    </section>
  )
}
