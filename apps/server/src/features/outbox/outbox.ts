import type { Kysely, Transaction } from 'kysely'
import type { output } from 'zod/v4/core'
import type { RealtimeEvent } from '@tableside/contracts/realtime-events'
import type { Database } from '../../db/schema'
import type { Broadcaster } from '../realtime/realtime'
import { createOutboxRepository, type ClaimedEntry, type OutboxEntry } from './outbox-repository'

/**
 * How long a claimed entry is this node's before another may take it. The node renews the
 * lease of the entries it still works on every `RENEW_MS`, so a slow delivery keeps them, and a
 * node that dies gives them up within `LEASE_MS` (another node's next look, a second later,
 * delivers them: within 5 s, issue 26).
 */
export const LEASE_MS = 3_000
const RENEW_MS = 1_000
const BATCH = 50
const FIRST_RETRY_MS = 1_000
const MOST_RETRY_MS = 5 * 60_000
/**
 * A realtime event is retried at least this often: once Redis is back, what failed during the
 * outage goes out within seconds, not minutes (issue 26); a failed try costs nothing while
 * Redis is away (the send fails at once).
 */
const MOST_PUBLISH_RETRY_MS = 2_000
/**
 * After a batch, how long a run waits for another kick before the claim that marks the batch
 * delivered: under load the next order statement's kick comes within it, and one claim marks a
 * batch and takes the next, instead of a claim that finds nothing between them (decision 0143).
 */
const LINGER_MS = 10
/** Delivered entries are kept this long (to look into what happened), then purged. */
const KEEP_DELIVERED_MS = 24 * 60 * 60_000
const PURGE_EVERY_MS = 60 * 60_000

/**
 * Delivers one kind of entry; throwing leaves it to be retried later. A handler whose effect
 * must not repeat marks the entry delivered in its own transaction (`markDelivered`).
 */
export type OutboxHandler = (payload: unknown, id: string) => Promise<void>

/**
 * Reads ahead, in one go, what the handler of a kind needs for the entries of that kind in a
 * batch (one query instead of one per entry); a failure only leaves the handler to read alone.
 */
export type OutboxPrefetch = (payloads: readonly unknown[]) => Promise<void>

export const PUBLISH = 'publish'

/** A realtime event as an outbox entry: published once the transaction that wrote it commits. */
export function publishEntry<E extends RealtimeEvent>(
  channels: string | readonly string[],
  event: E,
  data: output<E['data']>,
): OutboxEntry {
  return {
    kind: PUBLISH,
    payload: {
      channels: typeof channels === 'string' ? [channels] : channels,
      name: event.name,
      data: JSON.stringify(data),
    },
  }
}

export interface OutboxOptions {
  db: Kysely<Database>
  broadcaster: Broadcaster
  log?: { warn: (object: object, message: string) => void }
  now?: () => Date
}

/**
 * The transactional outbox (decision 0027): services `add` entries in their transaction and
 * `kick` after it commits; the worker delivers them in order, retries failures with backoff
 * and, once started, looks for due entries every second (left by a restart or another node).
 */
/**
 * Thrown by a handler whose entry is not done yet but will be (an acquirer that has not confirmed
 * a refund): retried with the same backoff as a failure, without a warning.
 */
export class NotYet extends Error {
  override readonly name = 'NotYet'
}

export class Outbox {
  readonly #repository
  readonly #handlers = new Map<string, OutboxHandler>()
  readonly #prefetches = new Map<string, OutboxPrefetch>()
  readonly #log: OutboxOptions['log']
  readonly #now: () => Date
  #timer: NodeJS.Timeout | undefined
  #running: Promise<void> | undefined
  /** A kick came after the run's last claim was issued: it claims once more. */
  #again = false
  /** Ends the run's wait for a kick after a batch (`#linger`), when it waits. */
  #wake: (() => void) | undefined
  #purgedAt = 0
  #stopped = false

  constructor(options: OutboxOptions) {
    this.#repository = createOutboxRepository(options.db)
    this.#log = options.log
    this.#now = options.now ?? (() => new Date())
    this.handle(PUBLISH, async (payload, id) => {
      const event = payload as { channels: string[]; name: string; data: string }
      // The entry's id goes with it: a retry after a send that failed part-way (Redis away)
      // reaches the sockets that had it already once (issue 26).
      await options.broadcaster.publish({ ...event, id: `outbox-${id}` })
    })
  }

  /** Says how entries of `kind` are delivered (each feature registers its own). */
  handle(kind: string, handler: OutboxHandler, prefetch?: OutboxPrefetch): void {
    this.#handlers.set(kind, handler)
    if (prefetch) this.#prefetches.set(kind, prefetch)
  }

  add(entries: readonly OutboxEntry[], trx: Transaction<Database> | Kysely<Database>) {
    return this.#repository.add(entries, trx)
  }

  /** Marks entry `id` delivered in `trx`; false when it was already (its effect happened). */
  markDelivered(id: string, trx: Transaction<Database>): Promise<boolean> {
    return this.#repository.delivered(id, this.#now(), trx)
  }

  start(everyMs = 1_000): void {
    this.#stopped = false
    this.#timer ??= setInterval(() => void this.kick(), everyMs)
    this.#timer.unref()
    void this.kick()
  }

  async stop(): Promise<void> {
    this.#stopped = true
    this.#wake?.()
    clearInterval(this.#timer)
    this.#timer = undefined
    await this.#running
  }

  /**
   * Delivers what is due now. A kick during a run makes that run look once more after the
   * claim it had issued (a claim issued after the kick sees what the kick's caller committed),
   * so its promise, the run's, waits for that too: awaiting it sees what was due when it was
   * called. Never rejects.
   */
  kick(): Promise<void> {
    if (this.#stopped) return Promise.resolve()
    if (this.#running) {
      this.#again = true
      this.#wake?.()
      return this.#running
    }
    const run: Promise<void> = this.#deliverDue()
      .catch((error: unknown) => this.#log?.warn({ err: error }, 'Outbox delivery failed'))
      .finally(() => {
        if (this.#running === run) this.#running = undefined
      })
    this.#running = run
    return run
  }

  /** Entries still to deliver. */
  undelivered() {
    return this.#repository.undelivered()
  }

  async #deliverDue(): Promise<void> {
    const started = this.#now().getTime()
    if (started - this.#purgedAt >= PURGE_EVERY_MS) {
      this.#purgedAt = started
      await this.#repository.purgeDelivered(new Date(started - KEEP_DELIVERED_MS))
    }
    // The batch delivered last: marked delivered by the next claim, in its statement.
    let delivered: string[] = []
    let previous: { lease: Lease; renewal: NodeJS.Timeout } | undefined
    try {
      for (;;) {
        const now = this.#now()
        const lease = new Lease(new Date(now.getTime() + LEASE_MS))
        this.#again = false
        const claimed = await this.#repository.claimDue(now, lease.until, BATCH, delivered)
        delivered = []
        if (previous) await this.#release(previous)
        previous = undefined
        if (claimed.length === 0) {
          // A kick after this claim was issued may have committed what it did not see.
          if (this.#kickedSinceClaim()) continue
          // This run claims no more: from here on a kick starts a run of its own.
          this.#running = undefined
          return
        }
        for (const entry of claimed) lease.held.add(entry.id)
        const renewal = setInterval(() => void this.#renew(lease), RENEW_MS)
        renewal.unref()
        previous = { lease, renewal }
        // The next claim marks the batch delivered: a node that dies before it delivers those
        // entries again once their lease runs out (at least once, as always).
        await this.#prefetch(claimed)
        for (const entry of claimed) if (await this.#deliver(entry, lease)) delivered.push(entry.id)
        // A short batch leaves nothing due but what came since: the next claim, which also
        // marks this one, finds that, and then the run ends. It waits a moment for a kick, so
        // that under load it is also the claim of what the next kick's caller committed.
        if (!this.#stopped && !this.#kickedSinceClaim()) await this.#linger()
      }
    } finally {
      if (previous) await this.#release(previous)
    }
  }

  /** Until a kick (or a stop) comes, or `LINGER_MS` has passed. */
  #linger(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.#wake = undefined
        resolve()
      }
      const timer = setTimeout(done, LINGER_MS)
      this.#wake = done
    })
  }

  /** Whether a kick came after the last claim was issued (and the outbox still runs). */
  #kickedSinceClaim(): boolean {
    return this.#again && !this.#stopped
  }

  /** Stops renewing a delivered batch's lease, once its last renewal is done. */
  async #release({ lease, renewal }: { lease: Lease; renewal: NodeJS.Timeout }): Promise<void> {
    clearInterval(renewal)
    await lease.renewing
  }

  /**
   * Keeps the entries this node still works on for another `LEASE_MS`. Only rows still under
   * this node's lease are renewed: one that failed (its retry time set) or that another node
   * took after a stall stays as it is.
   */
  #renew(lease: Lease): Promise<void> {
    lease.renewing = lease.renewing.then(async () => {
      if (lease.held.size === 0) return
      const until = new Date(this.#now().getTime() + LEASE_MS)
      try {
        await this.#repository.renewLease([...lease.held], lease.until, until)
        lease.until = until
      } catch (error) {
        this.#log?.warn({ err: error }, 'Outbox could not renew its lease')
      }
    })
    return lease.renewing
  }

  async #prefetch(entries: readonly ClaimedEntry[]): Promise<void> {
    for (const [kind, prefetch] of this.#prefetches) {
      const payloads = entries.filter((entry) => entry.kind === kind).map((entry) => entry.payload)
      if (payloads.length === 0) continue
      try {
        await prefetch(payloads)
      } catch (error) {
        this.#log?.warn({ err: error, kind }, 'Outbox prefetch failed; entries read one by one')
      }
    }
  }

  /** Delivers one entry; false when it failed (and is to be retried). */
  async #deliver(entry: ClaimedEntry, lease: Lease): Promise<boolean> {
    const handler = this.#handlers.get(entry.kind)
    try {
      if (!handler) throw new Error(`No handler for outbox entries of kind ${entry.kind}`)
      await handler(entry.payload, entry.id)
    } catch (error) {
      lease.held.delete(entry.id)
      const most = entry.kind === PUBLISH ? MOST_PUBLISH_RETRY_MS : MOST_RETRY_MS
      const backoff = Math.min(most, FIRST_RETRY_MS * 2 ** entry.attempts)
      const message = error instanceof Error ? error.message : String(error)
      if (!(error instanceof NotYet)) {
        this.#log?.warn(
          { err: error, kind: entry.kind, attempts: entry.attempts + 1 },
          'Outbox entry failed; retried later',
        )
      }
      await this.#repository.failed(entry.id, new Date(this.#now().getTime() + backoff), message)
      return false
    }
    return true
  }
}

/** What a node holds of a batch it claimed, and until when. */
class Lease {
  readonly held = new Set<string>()
  /** The renewal under way (renewals run one after another). */
  renewing: Promise<void> = Promise.resolve()

  constructor(public until: Date) {}
}
