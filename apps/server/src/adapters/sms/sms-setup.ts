import type { ServerConfig } from '../../config/env'

/** What the server says at start about sign-in codes, and what to set to change it. */
export function smsNotice(
  setup: ServerConfig['sms'],
  environment: ServerConfig['environment'],
): { level: 'info' | 'warn'; message: string } {
  switch (setup.provider) {
    case 'smsru':
      return { level: 'info', message: 'Sign-in codes: sent by SMS.ru.' }
    case 'sandbox':
      if (environment === 'production' && setup.chosenBy === 'DEMO_SEED') {
        return {
          level: 'warn',
          message:
            'Sign-in codes: the SMS sandbox, because the demo data is on. NO SMS IS SENT: codes are written to this log. Before real diners sign in, set SMS_PROVIDER=smsru with SMSRU_API_ID (or DEMO_SEED=false).',
        }
      }
      return environment === 'production'
        ? {
            level: 'warn',
            message:
              'SMS_PROVIDER=sandbox on a production server: NO SMS IS SENT. Sign-in codes are written to this log, so whoever reads it can sign in as any phone. Set SMS_PROVIDER=smsru with SMSRU_API_ID before diners sign in.',
          }
        : {
            level: 'info',
            message:
              'Sign-in codes: the SMS sandbox (no SMS is sent; codes are in this log and at /dev/sms). Set SMS_PROVIDER=none to turn it off.',
          }
    case null:
      return setup.chosenBy === 'SMS_PROVIDER'
        ? { level: 'info', message: 'Signing in by SMS code is off (SMS_PROVIDER=none).' }
        : {
            level: 'warn',
            message:
              'Signing in by SMS code is off: no SMS gateway is configured. Set SMS_PROVIDER=smsru with SMSRU_API_ID, or SMS_PROVIDER=sandbox to try it without sending SMS (docs/decisions/0051).',
          }
  }
}
