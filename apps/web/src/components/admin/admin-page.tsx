import type { ReactNode } from 'react'

interface AdminPageProps {
  /** The section's one `<h1>`. */
  title: string
  /** The browser tab's title: "{title} · {restaurant}". */
  documentTitle: string
  lead?: ReactNode
  /** Buttons at the heading's end (add, export, print). */
  actions?: ReactNode
  children?: ReactNode
}

/** A back-office section: the document title, the heading with its actions, then the content. */
export function AdminPage({ title, documentTitle, lead, actions, children }: AdminPageProps) {
  return (
    <div className="admin-page">
      <title>{documentTitle}</title>
      <div className="admin-page__head">
        <div className="admin-page__heading">
          <h1 className="admin-page__title">{title}</h1>
          {lead ? <p className="admin-page__lead">{lead}</p> : null}
        </div>
        {actions ? <div className="admin-page__actions">{actions}</div> : null}
      </div>
      {children}
    </div>
  )
}
