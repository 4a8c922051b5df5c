import type { AnchorHTMLAttributes } from 'react'
import { useHref, useLinkClickHandler, type To } from 'react-router'

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  state?: unknown
}

/**
 * React Router's `Link` without its prefetching, which the app never uses and which costs
 * about 2 KB gzip of the menu's first load. Same behaviour otherwise: a real `href`, and a
 * plain click (no modifier key, no other target) navigates in the app after `onClick`.
 */
export function Link({ to, replace, state, target, onClick, ...anchor }: LinkProps) {
  const href = useHref(to)
  const navigate = useLinkClickHandler(to, { replace, state, target })
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) navigate(event)
      }}
    />
  )
}
