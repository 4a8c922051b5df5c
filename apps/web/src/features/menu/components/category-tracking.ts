import { bottomOf } from './category-scroll'

/**
 * Calls `onCurrent` with the section under the sticky category row as the diner scrolls: the
 * first of the sections crossing a band just below the row. Returns the function that stops it.
 */
export function followSections(
  bar: HTMLElement,
  ids: readonly string[],
  onCurrent: (id: string) => void,
): () => void {
  const crossing = new Set<string>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) crossing.add(entry.target.id)
        else crossing.delete(entry.target.id)
      }
      const first = ids.find((id) => crossing.has(id))
      if (first) onCurrent(first)
    },
    { rootMargin: `-${bottomOf(bar) + 8}px 0px -55% 0px` },
  )
  for (const id of ids) {
    const section = document.getElementById(id)
    if (section) observer.observe(section)
  }
  return () => observer.disconnect()
}
