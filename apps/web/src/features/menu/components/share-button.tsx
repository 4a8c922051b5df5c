import { useState } from 'react'
import { defineMessages } from '../../../lib/i18n/messages'
import { useMessages } from '../../../lib/i18n/use-translation'

const messages = defineMessages({
  en: {
    share: 'Share',
    copied: 'Link copied',
    notCopied: 'The link could not be copied: copy it from the address bar',
  },
  ru: {
    share: 'Поделиться',
    copied: 'Ссылка скопирована',
    notCopied: 'Не получилось скопировать ссылку: скопируйте её из адресной строки',
  },
})

/**
 * Copies text without the async clipboard, which exists only in secure contexts (a phone on the
 * restaurant's Wi-Fi opens it over plain http): a selected field and the copy command, which
 * browsers still honour inside a tap. False when the browser refuses.
 */
function copyBySelection(text: string): boolean {
  const focused = document.activeElement
  const field = document.createElement('textarea')
  field.value = text
  field.readOnly = true
  field.setAttribute('aria-hidden', 'true')
  Object.assign(field.style, { position: 'fixed', top: '0', left: '0', opacity: '0' })
  document.body.append(field)
  field.select()
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the one copy over plain http
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    field.remove()
    if (focused instanceof HTMLElement) focused.focus()
  }
}

async function copyLink(url: string): Promise<boolean> {
  const { clipboard } = navigator as Partial<Pick<Navigator, 'clipboard'>>
  if (clipboard) {
    const written = await clipboard.writeText(url).then(
      () => true,
      () => false,
    )
    if (written) return true
  }
  return copyBySelection(url)
}

/**
 * Shares a dish's page with the phone's share sheet, or copies its link where there is none,
 * and says whether the copy worked: over plain http there is neither a share sheet nor the
 * clipboard API, and "copied" must not be said of nothing (issue 14).
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useMessages(messages)
  const [status, setStatus] = useState<'copied' | 'notCopied' | null>(null)
  const share = async () => {
    const absolute = new URL(url, location.href).href
    // The share sheet exists on phones, and only in secure contexts (not http://192.168…).
    if (window.isSecureContext && 'share' in navigator) {
      await navigator.share({ title, url: absolute }).catch(() => undefined)
      return
    }
    const copied = await copyLink(absolute)
    setStatus(copied ? 'copied' : 'notCopied')
    setTimeout(() => setStatus(null), copied ? 2500 : 6000)
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
        {status ? t(status) : ''}
      </span>
    </>
  )
}
