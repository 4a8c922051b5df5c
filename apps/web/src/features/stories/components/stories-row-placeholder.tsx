import './stories-row.css'

/** The row's shape while the stories load, drawn by CSS, so nothing below moves. */
export function StoriesRowPlaceholder() {
  return <div className="stories-row stories-row--loading" aria-hidden="true" />
}
