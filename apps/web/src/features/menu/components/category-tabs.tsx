import { useEffect, useRef, useState } from 'react'
import { bottomOf, scrollMotion } from './category-scroll'
import './category-tabs.css'

export interface CategoryTab {
  /** The id of the section element the tab scrolls to. */
  id: string
  label: string
}

/**
 * The sticky row of categories: a tap scrolls to the section, and the row follows the scroll
 * (its observer loads after the first paint; until then the first tab is current, as it is).
 */
export function CategoryTabs({ tabs, label }: { tabs: readonly CategoryTab[]; label: string }) {
  const nav = useRef<HTMLElement>(null)
  const [active, setActive] = useState(tabs[0]?.id)
  const pinned = useRef(false)
  const ids = tabs.map((tab) => tab.id).join(' ')

  useEffect(() => {
    let stop: (() => void) | undefined
    let stopped = false
    void import('./category-tracking').then(({ followSections }) => {
      const bar = nav.current
      if (stopped || !bar) return
      stop = followSections(bar, ids.split(' '), (id) => {
        if (!pinned.current) setActive(id)
      })
    })
    return () => {
      stopped = true
      stop?.()
    }
  }, [ids])

  useEffect(() => {
    const link = nav.current?.querySelector<HTMLElement>('[aria-current]')
    link?.parentElement?.parentElement?.scrollTo({
      left: link.offsetLeft - 16,
      behavior: scrollMotion(),
    })
  }, [active])

  const go = (id: string) => {
    const section = document.getElementById(id)
    const bar = nav.current
    if (!section || !bar) return
    setActive(id)
    pinned.current = true
    const release = () => (pinned.current = false)
    addEventListener('scrollend', release, { once: true })
    setTimeout(release, 1200)
    scrollTo({
      top: section.getBoundingClientRect().top + scrollY - bottomOf(bar),
      behavior: scrollMotion(),
    })
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
  }

  return (
    <nav ref={nav} className="category-tabs" aria-label={label}>
      <ul className="category-tabs__list">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <a
              className="category-tabs__tab"
              href={`#${tab.id}`}
              aria-current={tab.id === active ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault()
                go(tab.id)
              }}
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
