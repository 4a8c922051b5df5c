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

/** The waiter's tab bar and home: their tables, their tips (out of the diners' first load). */
export const TablesIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4" y="8.5" width="16" height="7" rx="2" />
    <path d="M8 5.5h8M8 18.5h8" />
  </Icon>
)

/** A bonus card: the tab of the waiter's card look-up. */
export const BonusCardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <path d="M3 10h18M7 14.5h4" />
  </Icon>
)

export const TipsIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M14.8 9.2c-.5-1-1.5-1.5-2.8-1.5-1.6 0-2.7.8-2.7 2 0 2.7 5.6 1.4 5.6 4.3 0 1.2-1.2 2-2.9 2-1.3 0-2.4-.6-2.9-1.6M12 6.2v1.5M12 16v1.6" />
  </Icon>
)
