/** Where the stuck category row ends: a section scrolled to starts there. */
export const bottomOf = (bar: HTMLElement) =>
  (parseFloat(getComputedStyle(bar).top) || 0) + bar.offsetHeight

export const scrollMotion = (): ScrollBehavior =>
  matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'
