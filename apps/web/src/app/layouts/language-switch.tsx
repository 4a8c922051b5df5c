import type { UiLanguage } from '@tableside/contracts/restaurants'
import { LANGUAGES } from '../../lib/i18n/language'
import { saveLanguage } from '../../lib/i18n/saved-language'
import { defineMessages } from '../../lib/i18n/messages'
import { useMessages } from '../../lib/i18n/use-translation'
import './language-switch.css'

/** Each language named in itself, so a person who cannot read the current one finds theirs. */
const messages = defineMessages({ en: { language: 'Language' }, ru: { language: 'Язык' } })

const NATIVE_NAMES: Record<UiLanguage, string> = { ru: 'Русский', en: 'English' }

/**
 * The UI language, kept on this device (the diner's screens, the back office and the kitchen
 * share it). `dark`: on the kitchen's dark wall screen.
 */
export function LanguageSwitch({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, language } = useMessages(messages)
  return (
    <div
      className={tone === 'dark' ? 'lang-switch lang-switch--dark' : 'lang-switch'}
      role="group"
      aria-label={t('language')}
    >
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          className="lang-switch__option"
          lang={option}
          aria-pressed={option === language}
          onClick={() => saveLanguage(option)}
        >
          {/* The name keeps the visible "RU"/"EN" (WCAG 2.5.3) and adds the language in itself. */}
          {option.toUpperCase()}
          <span className="visually-hidden"> {NATIVE_NAMES[option]}</span>
        </button>
      ))}
    </div>
  )
}
