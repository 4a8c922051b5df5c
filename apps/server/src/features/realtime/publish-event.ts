import type { output } from 'zod/v4/core'
import type { RealtimeEvent } from '@tableside/contracts/realtime-events'
import type { Broadcaster } from './realtime'

/** Publishes a contract event: its data typed by the event's schema, JSON on the wire. */
export function publishEvent<E extends RealtimeEvent>(
  broadcaster: Broadcaster,
  channels: string | readonly string[],
  event: E,
  data: output<E['data']>,
  exceptSocketId?: string,
): Promise<void> {
  return broadcaster.publish({
    channels: typeof channels === 'string' ? [channels] : channels,
    name: event.name,
    data: JSON.stringify(data),
    ...(exceptSocketId ? { exceptSocketId } : {}),
  })
}
