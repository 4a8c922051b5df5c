import { useId, useMemo, useState, type SubmitEvent } from 'react'
import { restaurantId as restaurantIdRule, type UiLanguage } from '@tableside/contracts/restaurants'
import { SETUP_TOKEN_FRAGMENT } from '@tableside/contracts/setup'
import { MANAGER_PASSWORD_LENGTH, passwordWeakness } from '@tableside/contracts/staff'
import { safeParse } from 'zod/mini'
import { FormField } from '../../../components/admin/form-field'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useSetUpRestaurant } from '../api/set-up-restaurant'
import { suggestRestaurantId } from '../restaurant-id'
import { setupMessages } from '../setup-messages'
import { searchTimeZones, timeZoneChoices } from '../time-zone-choices'
import '../../../components/admin/form-field.css'
import '../setup.css'

type Field = 'name' | 'id' | 'timezone' | 'managerName' | 'login' | 'password' | 'setupToken'
type Problems = Partial<Record<Field, string>>

/** Which field a server's `body.…` path is about. */
const FIELD_OF: Readonly<Record<string, Field>> = {
  'body.restaurant.name': 'name',
  'body.restaurant.id': 'id',
  'body.restaurant.timezone': 'timezone',
  'body.manager.name': 'managerName',
  'body.manager.login': 'login',
  'body.manager.password': 'password',
  'body.setupToken': 'setupToken',
}

/** The token the start banner's link carries after `#setup=`; it never reaches a server's log. */
function tokenFromLink(): string {
  const hash = new URLSearchParams(window.location.hash.slice(1))
  return hash.get(SETUP_TOKEN_FRAGMENT) ?? ''
}

export interface SetupScreenProps {
  /** The restaurant is made and its manager signed in: keep the sign-in, open the back office. */
  onSetUp: (made: { restaurantId: string; token: string; expiresAt: string }) => void
}

/**
 * `/` on a fresh install (issue 29, decision 0115): the restaurant's name, its address in links
 * (suggested from the name), time zone and language, and its first manager. Only the holder of
 * the setup code the server printed can send it.
 */
export function SetupScreen({ onSetUp }: SetupScreenProps) {
  const { t, language } = useMessages(setupMessages)
  const setUp = useSetUpRestaurant()
  const [linkToken, setLinkToken] = useState(tokenFromLink)
  const [typedToken, setTypedToken] = useState('')
  const [name, setName] = useState('')
  const [id, setId] = useState('')
  const [idEdited, setIdEdited] = useState(false)
  const [zone, setZone] = useState('Europe/Moscow')
  const [search, setSearch] = useState('')
  const [menuLanguage, setMenuLanguage] = useState<UiLanguage>(language)
  const [managerName, setManagerName] = useState('')
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')
  const [problems, setProblems] = useState<Problems>({})
  const [failure, setFailure] = useState<string | null>(null)
  const ids = { zone: useId(), zoneHint: useId(), search: useId(), failure: useId() }

  const choices = useMemo(() => timeZoneChoices(language), [language])
  const shown = useMemo(() => searchTimeZones(choices, search), [choices, search])
  const restaurantId = idEdited ? id : suggestRestaurantId(name)
  const setupToken = linkToken || typedToken.trim()

  const localProblems = (): Problems => {
    const found: Problems = {}
    if (name.trim() === '') found.name = t('required')
    if (!safeParse(restaurantIdRule, restaurantId).success) found.id = t('idProblem')
    if (managerName.trim() === '') found.managerName = t('required')
    if (login.trim() === '' || /\s/.test(login.trim())) found.login = t('required')
    const weakness = passwordWeakness(password, login.trim())
    if (password.length < MANAGER_PASSWORD_LENGTH.min) found.password = t('passwordShort')
    else if (weakness === 'has_login') found.password = t('passwordLogin')
    else if (weakness === 'few_different') found.password = t('passwordFew')
    if (setupToken === '') found.setupToken = t('required')
    return found
  }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = localProblems()
    setProblems(found)
    setFailure(Object.keys(found).length > 0 ? t('fixFields') : null)
    if (Object.keys(found).length > 0) return
    setUp.mutate(
      {
        setupToken,
        restaurant: { id: restaurantId, name: name.trim(), timezone: zone, language: menuLanguage },
        manager: { name: managerName.trim(), login: login.trim(), password },
      },
      {
        onSuccess: (made) => {
          // The code is spent: the address bar keeps no trace of it.
          window.history.replaceState(null, '', window.location.pathname)
          onSetUp(made)
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setFailure(t('failed'))
            return
          }
          const fields: Problems = {}
          // The server words its refusals in English: each field says it in the screen's language.
          for (const field of error.fields) {
            const which = FIELD_OF[field.path]
            if (which) fields[which] = which === 'setupToken' ? t('tokenField') : t('checkField')
          }
          setProblems(fields)
          // A link's code that is refused is shown as a field, to paste the right one into.
          if (error.code === 'setup_token_invalid') setLinkToken('')
          setFailure(
            error.code === 'setup_token_invalid'
              ? t('tokenInvalid')
              : error.code === 'already_set_up'
                ? t('alreadySetUp')
                : error.status === 429
                  ? t('wait')
                  : error.code === 'network_error'
                    ? t('offline')
                    : error.status === 400
                      ? t('fixFields')
                      : t('failed'),
          )
        },
      },
    )
  }

  return (
    <form className="setup" noValidate onSubmit={submit} aria-describedby={ids.failure}>
      <title>{t('documentTitle')}</title>
      <header className="setup__intro">
        <h1 className="setup__title">{t('title')}</h1>
        <p className="setup__lead">{t('lead')}</p>
      </header>

      <fieldset className="setup__group">
        <legend className="setup__legend">{t('restaurant')}</legend>
        <FormField
          label={t('name')}
          value={name}
          maxLength={200}
          autoComplete="organization"
          problem={problems.name}
          onChange={(event) => setName(event.target.value)}
        />
        <FormField
          label={t('id')}
          value={restaurantId}
          maxLength={63}
          autoCapitalize="none"
          spellCheck={false}
          hint={t('idHint', {
            example: `${window.location.origin}/rest/${restaurantId || 'bistro'}/menu`,
          })}
          problem={problems.id}
          onChange={(event) => {
            setIdEdited(true)
            setId(event.target.value.toLowerCase())
          }}
        />
        <div className={`staff-field${problems.timezone ? ' staff-field--invalid' : ''}`}>
          <label htmlFor={ids.search} className="staff-field__label">
            {t('timezone')}
          </label>
          <input
            id={ids.search}
            className="staff-field__input"
            type="search"
            placeholder={t('timezoneSearch')}
            aria-label={t('timezoneSearch')}
            aria-controls={ids.zone}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value)
              const [first] = searchTimeZones(choices, event.target.value)
              const found = first?.zones[0]
              if (found && event.target.value.trim() !== '') setZone(found.zone)
            }}
          />
          <select
            id={ids.zone}
            className="staff-field__input setup__zones"
            aria-label={t('timezone')}
            aria-describedby={ids.zoneHint}
            value={zone}
            onChange={(event) => setZone(event.target.value)}
          >
            {shown.length === 0 ? <option value={zone}>{t('timezoneNone')}</option> : null}
            {shown.map((group) => (
              <optgroup key={group.country} label={group.country}>
                {group.zones.map((choice) => (
                  <option key={choice.zone} value={choice.zone}>
                    {`${choice.city} (${choice.offset})`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p id={ids.zoneHint} className="staff-field__hint">
            {problems.timezone ?? t('timezoneHint')}
          </p>
        </div>
        <fieldset className="setup__choice">
          <legend className="staff-field__label">{t('language')}</legend>
          {(['ru', 'en'] as const).map((option) => (
            <label key={option} className="setup__radio">
              <input
                type="radio"
                name="menu-language"
                value={option}
                checked={menuLanguage === option}
                onChange={() => setMenuLanguage(option)}
              />
              {option === 'ru' ? t('russian') : t('english')}
            </label>
          ))}
        </fieldset>
      </fieldset>

      <fieldset className="setup__group">
        <legend className="setup__legend">{t('manager')}</legend>
        <FormField
          label={t('managerName')}
          value={managerName}
          maxLength={100}
          autoComplete="name"
          problem={problems.managerName}
          onChange={(event) => setManagerName(event.target.value)}
        />
        <FormField
          label={t('login')}
          value={login}
          maxLength={64}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          problem={problems.login}
          onChange={(event) => setLogin(event.target.value)}
        />
        <FormField
          label={t('password')}
          type="password"
          value={password}
          maxLength={MANAGER_PASSWORD_LENGTH.max}
          autoComplete="new-password"
          hint={t('passwordHint')}
          problem={problems.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {linkToken ? (
          <p className="setup__known">{t('setupLinkKnown')}</p>
        ) : (
          <FormField
            label={t('setupCode')}
            value={typedToken}
            maxLength={200}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            hint={t('setupCodeHint')}
            problem={problems.setupToken}
            onChange={(event) => setTypedToken(event.target.value)}
          />
        )}
      </fieldset>

      <p id={ids.failure} className="setup__failure" role="alert">
        {failure}
      </p>
      <button
        type="submit"
        className={buttonClass('primary', { block: true })}
        disabled={setUp.isPending}
      >
        {setUp.isPending ? t('working') : t('submit')}
      </button>
    </form>
  )
}
