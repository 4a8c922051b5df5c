/** An event for the sockets subscribed to some channels, as the HTTP API and features publish it. */
export interface OutboundEvent {
  channels: readonly string[]
  name: string
  /** Always a string on the wire, as in the Pusher protocol. */
  data: string
  /** The socket that caused the event and must not receive it. */
  exceptSocketId?: string
  /**
   * The event's own id (its outbox entry's): an event sent again, after a send that failed
   * part-way, reaches each socket once (issue 26).
   */
  id?: string
}

/** A channel as the cluster counts it across nodes, and the HTTP API describes it. */
export interface ChannelInfo {
  occupied: boolean
  subscriptionCount: number
  userCount?: number
}
