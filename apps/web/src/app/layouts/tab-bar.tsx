import type { ReactNode } from 'react'
import { matchPath, useLocation } from 'react-router'
import { Link } from '../../components/ui/link'
import './tab-bar.css'

export interface Tab {
  to: string
  label: string
  icon: ReactNode
  /** Other addresses that belong to this tab, e.g. an order under Orders. */
  alsoActiveOn?: readonly string[]
}

/** The bottom navigation: big touch targets, icon plus label, the current tab marked. */
export function TabBar({ label, tabs }: { label: string; tabs: readonly Tab[] }) {
  const { pathname } = useLocation()
  const isActive = (tab: Tab) =>
    [tab.to, ...(tab.alsoActiveOn ?? [])].some((path) => matchPath({ path, end: true }, pathname))
  return (
    <nav className="tab-bar" aria-label={label}>
      <ul className="tab-bar__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link
              to={tab.to}
              className="tab-bar__link"
              aria-current={isActive(tab) ? 'page' : undefined}
            >
              {tab.icon}
              <span>{tab.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
