/** A message that could not be handed to the gateway; the message never includes the text. */
export class SmsSendError extends Error {
  override readonly name = 'SmsSendError'
  /**
   * The gateway said it sends nothing (a refusal in its answer). Otherwise (a timeout, a broken
   * answer) the message may have gone out and been paid for: the day's budget keeps it counted.
   */
  readonly notSent: boolean

  constructor(message: string, { notSent = false }: { notSent?: boolean } = {}) {
    super(message)
    this.notSent = notSent
  }
}

/**
 * Where sign-in codes go (decision 0051). `send` resolves once the gateway has accepted the
 * message for this number and rejects with `SmsSendError` otherwise. A new gateway is one more
 * implementation of this and one more value of SMS_PROVIDER.
 */
export interface SmsProvider {
  readonly name: 'sandbox' | 'smsru' | 'none'
  send(phone: string, text: string): Promise<void>
}

/** SMS_PROVIDER=none: signing in by code is off. */
export const noSmsProvider: SmsProvider = {
  name: 'none',
  send: () =>
    Promise.reject(
      new SmsSendError('No SMS provider is configured (SMS_PROVIDER=none)', { notSent: true }),
    ),
}
