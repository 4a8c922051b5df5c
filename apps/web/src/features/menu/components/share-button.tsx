import { useState } from 'react'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'

const messages = defineMessages({
  en: { share: 'Share', copied: 'Link copied' },
  ru: { share: 'Поделиться', copied: 'Ссылка скопирована' },
})

/** Shares a dish's page with the phone's share sheet, or copies its link where there is none. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useMessages(messages)
  const [copied, setCopied] = useState(false)
  const share = async () => {
    const absolute = new URL(url, location.href).href
    // Neither exists everywhere: no share sheet on desktop Chromium, no clipboard over http.
    const phone: Partial<Pick<Navigator, 'share' | 'clipboard'>> = navigator
    if (phone.share) {
      await phone.share({ title, url: absolute }).catch(() => undefined)
      return
    }
    await phone.clipboard?.writeText(absolute)
    setCopied(true)
    setTimeout(() => setCopied(false), 2500)
  }
  return (
    <>
      <button
        type="button"
        className="share-button"
        aria-label={t('share')}
        onClick={() => void share().catch(() => undefined)}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 15V3.5M7.5 8 12 3.5 16.5 8M5 12.5V19a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-6.5" />
        </svg>
      </button>
      <span className="share-button__status" role="status">
        {copied ? t('copied') : ''}
      </span>
    </>
  )
}
