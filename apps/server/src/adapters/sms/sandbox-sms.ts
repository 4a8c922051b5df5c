import type { SmsProvider } from '../../features/client/sms-provider'

export interface SandboxSmsMessage {
  to: string
  text: string
  sentAt: string
}

/** The sandbox keeps this many of the latest messages for the development page. */
export const SANDBOX_SMS_KEPT = 100

/**
 * The built-in pretend gateway: nothing leaves the server. Each message is written to the log
 * and kept in memory for `GET /dev/sms` (development only), newest first.
 */
export class SandboxSms implements SmsProvider {
  readonly name = 'sandbox'
  private readonly messages: SandboxSmsMessage[] = []

  constructor(
    private readonly options: {
      log?: (message: SandboxSmsMessage) => void
      now?: () => Date
    } = {},
  ) {}

  send(phone: string, text: string): Promise<void> {
    const message = { to: phone, text, sentAt: (this.options.now?.() ?? new Date()).toISOString() }
    this.messages.unshift(message)
    this.messages.length = Math.min(this.messages.length, SANDBOX_SMS_KEPT)
    this.options.log?.(message)
    return Promise.resolve()
  }

  /** Newest first; to one number when `phone` is given. */
  outbox(phone?: string): SandboxSmsMessage[] {
    return this.messages.filter((message) => phone === undefined || message.to === phone)
  }
}
