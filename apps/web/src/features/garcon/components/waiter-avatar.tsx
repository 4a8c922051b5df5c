import { initials } from '../initials'

/** The waiter's initials in a circle (waiters have no photos yet). */
export function WaiterAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className="waiter-avatar" data-size={size} aria-hidden="true">
      {initials(name)}
    </span>
  )
}
