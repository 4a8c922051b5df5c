import { Icon, type IconProps } from '../../../components/ui/icon'

/** On time: a clock. */
export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M12 7.5V12l3 2" />
  </Icon>
)

/** Soon late: a warning triangle. */
export const WarnIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 4 2.8 19.5h18.4z" />
    <path d="M12 10v4.5M12 17.2v.2" />
  </Icon>
)

/** Late: a filled circle with an exclamation mark, unlike the others even without colour. */
export const LateIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" fill="currentColor" />
    <path d="M12 7v6M12 16.3v.2" stroke="var(--kitchen-late-ink, #000)" strokeWidth={2.4} />
  </Icon>
)

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
)

/** Back to work: an arrow turning back. */
export const ReturnIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </Icon>
)

/** Unfolds: a chevron pointing down (turned while the lane is open). */
export const ChevronIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
)
