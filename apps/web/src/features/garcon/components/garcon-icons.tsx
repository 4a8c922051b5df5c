import { Icon, type IconProps } from '../../../components/ui/icon'

export const BackspaceIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 5h10.5A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5H9l-6-7z" />
    <path d="m12.5 9.5 5 5M17.5 9.5l-5 5" />
  </Icon>
)

export const SignOutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14M10 12h10M16.5 8.5 20 12l-3.5 3.5" />
  </Icon>
)

export const DevicesIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="4" width="12" height="16" rx="1.5" />
    <rect x="15.5" y="9" width="5.5" height="11" rx="1.2" />
    <path d="M8 17h2" />
  </Icon>
)
