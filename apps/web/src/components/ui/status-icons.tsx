import { Icon, type IconProps } from './icon'

/**
 * Icons of problems and notices (error pages, init, forms). Out of the first load: the one the
 * shell draws early, RefreshIcon (the update banner), lives in icons.tsx and is re-exported.
 */
export const QrIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="6.5" height="6.5" rx="1" />
    <rect x="14" y="3.5" width="6.5" height="6.5" rx="1" />
    <rect x="3.5" y="14" width="6.5" height="6.5" rx="1" />
    <path d="M14 14h2.5v2.5H14zM18.5 14h2v2M14 18.5v2h2M18.5 18.5h2v2h-2z" />
  </Icon>
)

export const AlertIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5v5.5M12 16.3v.2" />
  </Icon>
)

export { RefreshIcon } from './icons'
