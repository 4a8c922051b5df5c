import './page-loading.css'

/** Shown while the first screen's code and data load: the shape of a page, not a blank one. */
export function PageLoading({ label }: { label: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton--bar" />
      <div className="skeleton skeleton--title" />
      <div className="skeleton skeleton--card" />
      <div className="skeleton skeleton--card" />
    </div>
  )
}

/** A thin bar at the top while a navigation loads its code or data. */
export function NavigationProgress({ label }: { label: string }) {
  return <div className="nav-progress" role="progressbar" aria-label={label} aria-busy="true" />
}
