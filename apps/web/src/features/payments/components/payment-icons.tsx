import { Icon, type IconProps } from '../../../components/ui/icon'

/** SBP: a phone paying by QR code, the way the Fast Payment System is used. */
export const SbpIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.2" />
    <path d="M9.5 7h2v2h-2zM12.5 7h2v2h-2zM9.5 10h2v2h-2zM13.5 11v1M11 18.5h2" />
  </Icon>
)
