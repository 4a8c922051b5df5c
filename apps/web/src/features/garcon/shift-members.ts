import type { GarconShiftMember } from '@tableside/contracts/table-events'
import type { PresenceMember } from '../../lib/realtime/realtime-connection'

export interface ShiftMember extends GarconShiftMember {
  id: string
  me: boolean
}

/**
 * The waiters on shift as the list shows them: me first, then the others by name in the
 * screen's language (ties by id, so the order never jumps). A member whose `user_info` is not
 * `{ name }` is shown by id rather than dropped: they are on shift all the same.
 */
export function shiftMembers(
  members: readonly PresenceMember[],
  meId: string | undefined,
  language: string,
): ShiftMember[] {
  const shown = members.map(({ id, info }) => {
    const record =
      typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : {}
    const name = typeof record.name === 'string' && record.name.trim() ? record.name : id
    const initials = typeof record.initials === 'string' ? record.initials : ''
    return { id, name, initials, me: id === meId }
  })
  const collator = new Intl.Collator(language)
  return shown.sort(
    (a, b) =>
      Number(b.me) - Number(a.me) ||
      collator.compare(a.name, b.name) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  )
}
