import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import type { UiLanguage } from '@tableside/contracts/restaurants'
import { useApiClient } from '../../../lib/app-context'
import { LANGUAGES } from '../../../lib/i18n/language'
import { useMessages } from '../../../lib/i18n/use-translation'
import { garconProfileQueryOptions, useSetGarconLanguage } from '../api/garcon-profile'
import { profileMessages } from '../profile-messages'
import '../../../components/ui/choice-card.css'

const NATIVE_NAMES: Record<UiLanguage, string> = { ru: 'Русский', en: 'English' }

/** The waiter's language: spoken here at once, and kept on the server for their other devices. */
export function LanguageChoice() {
  const { t, language } = useMessages(profileMessages)
  const api = useApiClient()
  const profile = useQuery(garconProfileQueryOptions(api))
  const setLanguage = useSetGarconLanguage()
  const hintId = useId()
  const chosen = setLanguage.isPending
    ? setLanguage.variables
    : (profile.data?.language ?? language)
  return (
    <fieldset className="profile-section" aria-describedby={hintId}>
      <legend className="profile-section__title">{t('language')}</legend>
      <p className="profile-section__hint" id={hintId}>
        {t('languageHint')}
      </p>
      <div className="choice-cards">
        {LANGUAGES.map((option) => (
          <label key={option} className="choice-card choice-card--tile" lang={option}>
            <input
              className="choice-card__input"
              type="radio"
              name="garcon-language"
              value={option}
              checked={chosen === option}
              onChange={() => setLanguage.mutate(option)}
            />
            <span className="choice-card__title">{NATIVE_NAMES[option]}</span>
          </label>
        ))}
      </div>
      {setLanguage.isError ? (
        <p className="profile-section__problem" role="alert">
          {t('languageFailed')}
        </p>
      ) : null}
    </fieldset>
  )
}
