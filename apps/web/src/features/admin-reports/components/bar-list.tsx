/** Horizontal bars drawn with CSS widths: a label, a bar in proportion to the largest, a value. */
export interface BarRow {
  key: string
  label: string
  value: number
  /** What is written beside the bar (the value formatted, perhaps with a count). */
  text: string
}

export function BarList({ title, rows }: { title: string; rows: readonly BarRow[] }) {
  const largest = Math.max(1, ...rows.map((row) => row.value))
  return (
    <ul className="bar-list" aria-label={title}>
      {rows.map((row) => (
        <li key={row.key} className="bar-list__row">
          <span className="bar-list__label">{row.label}</span>
          <span className="bar-list__track" aria-hidden="true">
            <span
              className="bar-list__bar"
              style={{ width: `${Math.max(row.value > 0 ? 2 : 0, (row.value / largest) * 100)}%` }}
            />
          </span>
          <span className="bar-list__value">{row.text}</span>
        </li>
      ))}
    </ul>
  )
}
