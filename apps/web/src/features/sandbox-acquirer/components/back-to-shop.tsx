import type { MouseEvent } from 'react'
import { useMessages } from '../../../lib/i18n/use-translation'
import { sandboxMessages } from '../sandbox-messages'

/**
 * "Back to the shop": to the shop's page, which shows the payment as it stands (still waiting,
 * or over). Only where the bank knows no payment (an unknown link) does the browser go back
 * the way it came.
 */
export function BackToShop({ href, className }: { href: string | null; className: string }) {
  const { t } = useMessages(sandboxMessages)
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (href !== null || window.history.length < 2) return
    event.preventDefault()
    window.history.back()
  }
  return (
    <a className={className} href={href ?? '/'} onClick={goBack}>
      {t('backToShop')}
    </a>
  )
}
