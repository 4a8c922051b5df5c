import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useMessages } from '../../../lib/i18n/use-translation'
import { refreshSandboxPayment } from '../api/get-sandbox-payment'
import { sandboxMessages } from '../sandbox-messages'

function useSecondsLeft(expiresAt: string): number {
  const deadline = Date.parse(expiresAt)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000)
    return () => clearInterval(timer)
  }, [])
  return Math.max(0, Math.ceil((deadline - now) / 1_000))
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** The minutes and seconds left before the bank gives the payment up. */
export function TimeLeft({ paymentRef, expiresAt }: { paymentRef: string; expiresAt: string }) {
  const { t } = useMessages(sandboxMessages)
  const queryClient = useQueryClient()
  const left = useSecondsLeft(expiresAt)
  // At zero the bank has expired it (or will on the next look): ask, and show its answer.
  useEffect(() => {
    if (left === 0) void refreshSandboxPayment(queryClient, paymentRef)
  }, [left, queryClient, paymentRef])
  return (
    <p className="bank-summary__time" data-urgent={left < 120 ? '' : undefined}>
      {t('timeLeft')}{' '}
      <span role="timer" className="bank-summary__clock">
        {twoDigits(Math.floor(left / 60))}:{twoDigits(left % 60)}
      </span>
    </p>
  )
}
