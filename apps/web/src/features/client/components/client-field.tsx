import type { ReactNode } from 'react'

/** A labelled field of the diner's forms: the label, then the input and any note under it. */
export function ClientField({
  id,
  label,
  children,
}: {
  /** The input's id, which the label names. */
  id: string
  label: string
  children: ReactNode
}) {
  return (
    <div className="client-field">
      <label className="client-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
    </div>
  )
}
