import { Icon, type IconProps } from './icon'

/** Icons of the app shell: header and tab bars. Screens' own icons are in screen-icons.tsx. */
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 5.5c2.6-1.2 5.6-1.2 9 .8 3.4-2 6.4-2 9-.8v13c-2.6-1.2-5.6-1.2-9 .8-3.4-2-6.4-2-9-.8z" />
    <path d="M12 6.3v13" />
  </Icon>
)

export const CartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 8h14l-1.2 11.1a2 2 0 0 1-2 1.9H8.2a2 2 0 0 1-2-1.9z" />
    <path d="M9 8V6.5a3 3 0 0 1 6 0V8" />
  </Icon>
)

export const OrdersIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="5" y="3.5" width="14" height="17" rx="2" />
    <path d="M9 8.5h6M9 12h6M9 15.5h3.5" />
  </Icon>
)

export const BillIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 3.5h12v17l-2-1.3-2 1.3-2-1.3-2 1.3-2-1.3-2 1.3z" />
    <path d="M9 8h6M9 11.5h6M13 15h2" />
  </Icon>
)

export const BellIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 1.5h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0M12 3v2" />
  </Icon>
)

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8.5" r="3.8" />
    <path d="M4.5 20.5c1.2-3.6 4-5.5 7.5-5.5s6.3 1.9 7.5 5.5" />
  </Icon>
)

/** The Tableside mark: a cloche on a plate. */

export const LogoMark = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3.5 17h17M5 17a7 7 0 0 1 14 0M12 8V6.5M10.5 6.5h3M7 20h10" />
  </Icon>
)

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4v4h-4" />
  </Icon>
)
