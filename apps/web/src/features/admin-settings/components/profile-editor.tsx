import { useId, type SubmitEvent } from 'react'
import {
  innProblem,
  TAX_SYSTEMS,
  VAT_RATES,
  type RestaurantProfile,
  type RestaurantProfileBody,
} from '@tableside/contracts/admin-profile'
import { buttonClass } from '../../../components/ui/button'
import { isApiError } from '../../../lib/api-error'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useLogoUpload, useProfile, useSaveProfile } from '../api/profile'
import { profileMessages } from '../profile-messages'
import { FormActions, LoadedSettingsGroup, SelectField, TextField } from './settings-fields'
import { usePartForm } from '../hooks/use-part-form'

type Field = 'nameRu' | 'nameEn' | 'address' | 'phone' | 'legalName' | 'inn' | 'logo'
type Problems = Partial<Record<Field, string>>

interface ProfileForm {
  nameRu: string
  nameEn: string
  address: string
  phone: string
  logo: { url: string; color: string } | null
  legalName: string
  inn: string
  taxSystem: string
  vatRate: string
}

const formOf = (profile: RestaurantProfile): ProfileForm => ({
  nameRu: profile.name.ru,
  nameEn: profile.name.en ?? '',
  address: profile.address ?? '',
  phone: profile.phoneDisplay ?? '',
  logo: profile.logo && { url: profile.logo.url, color: profile.logo.color },
  legalName: profile.legalName ?? '',
  inn: profile.inn ?? '',
  taxSystem: profile.taxSystem ?? '',
  vatRate: profile.vatRate ?? '',
})

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())
const oneOf = <T extends string>(values: readonly T[], value: string): T | null =>
  values.find((known) => known === value) ?? null

/** `/admin/settings`' first group: the restaurant's profile, saved on its own (decision 0115). */
export function ProfileSection() {
  const { t } = useMessages(profileMessages)
  const query = useProfile()
  return (
    <LoadedSettingsGroup
      id="profile"
      title={t('title')}
      query={query}
      loading={t('loading')}
      loadFailed={t('loadFailed')}
    >
      {(saved) => <ProfileEditor saved={saved} reload={() => query.refetch()} />}
    </LoadedSettingsGroup>
  )
}

function ProfileEditor({
  saved,
  reload,
}: {
  saved: RestaurantProfile
  /** The profile as stored now, past the cached copy: after a save refused as made from older. */
  reload: () => Promise<{ data?: RestaurantProfile | undefined }>
}) {
  const { t } = useMessages(profileMessages)
  const save = useSaveProfile()
  const upload = useLogoUpload()
  const { form, setForm, set, problems, setProblems, status, setStatus } = usePartForm<
    ProfileForm,
    Field
  >(() => formOf(saved))
  const ids = { logo: useId(), status: useId() }

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Problems = {}
    if (form.nameRu.trim() === '') found.nameRu = t('required')
    const inn = form.inn.trim()
    const wrongInn = inn === '' ? null : innProblem(inn)
    if (wrongInn) found.inn = wrongInn === 'format' ? t('innFormat') : t('innChecksum')
    setProblems(found)
    if (Object.keys(found).length > 0) {
      setStatus(t('failed'))
      return
    }
    const body: RestaurantProfileBody = {
      version: saved.version,
      name: { ru: form.nameRu.trim(), ...(orNull(form.nameEn) ? { en: form.nameEn.trim() } : {}) },
      address: orNull(form.address),
      phone: orNull(form.phone),
      logo: form.logo,
      legalName: orNull(form.legalName),
      inn: orNull(inn),
      taxSystem: oneOf(TAX_SYSTEMS, form.taxSystem),
      vatRate: oneOf(VAT_RATES, form.vatRate),
    }
    save.mutate(body, {
      onSuccess: (kept) => {
        setForm(formOf(kept))
        setStatus(t('saved'))
      },
      onError: (error) => {
        if (!isApiError(error)) {
          setStatus(t('failed'))
          return
        }
        setProblems(
          error.code === 'phone_invalid'
            ? { phone: t('phoneInvalid') }
            : error.code === 'inn_invalid'
              ? { inn: t('innChecksum') }
              : {},
        )
        if (error.code === 'settings_changed') {
          void reload().then(({ data }) => {
            if (data) setForm(formOf(data))
          })
          setStatus(t('changed'))
          return
        }
        setStatus(t('failed'))
      },
    })
  }

  return (
    <form className="settings-field--wide profile-form" noValidate onSubmit={submit}>
      <p className="profile-form__lead">{t('lead')}</p>
      <div className="settings-group__fields">
        <TextField
          label={t('nameRu')}
          value={form.nameRu}
          onChange={set('nameRu')}
          problem={problems.nameRu}
        />
        <TextField
          label={t('nameEn')}
          hint={t('nameEnHint')}
          value={form.nameEn}
          onChange={set('nameEn')}
        />
        <TextField label={t('address')} value={form.address} onChange={set('address')} wide />
        <TextField
          label={t('phone')}
          hint={t('phoneHint')}
          value={form.phone}
          onChange={set('phone')}
          problem={problems.phone}
        />
        <div className="settings-field profile-logo">
          <span className="settings-field__label" id={ids.logo}>
            {t('logo')}
          </span>
          <div className="profile-logo__row">
            {form.logo ? (
              <img
                className="profile-logo__image"
                src={form.logo.url}
                alt={form.nameRu}
                width={64}
                height={64}
                style={{ background: form.logo.color }}
              />
            ) : (
              <span className="profile-logo__image profile-logo__image--none" aria-hidden="true" />
            )}
            <label className={buttonClass('secondary')}>
              {upload.isPending ? t('logoUploading') : t('logoUpload')}
              <input
                className="profile-logo__file"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                aria-describedby={ids.logo}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0]
                  event.currentTarget.value = ''
                  if (!file) return
                  upload.mutate(file, {
                    onSuccess: (photo) => set('logo')({ url: photo.url, color: photo.color }),
                    onError: () =>
                      setProblems((current) => ({ ...current, logo: t('logoFailed') })),
                  })
                }}
              />
            </label>
            {form.logo ? (
              <button type="button" className="text-button" onClick={() => set('logo')(null)}>
                {t('logoRemove')}
              </button>
            ) : null}
          </div>
          {problems.logo ? <p className="settings-field__problem">{problems.logo}</p> : null}
        </div>
      </div>

      <h3 className="profile-form__subtitle">{t('legal')}</h3>
      <div className="settings-group__fields">
        <TextField
          label={t('legalName')}
          hint={t('legalNameHint')}
          value={form.legalName}
          onChange={set('legalName')}
        />
        <TextField
          label={t('inn')}
          hint={t('innHint')}
          inputMode="numeric"
          value={form.inn}
          onChange={set('inn')}
          problem={problems.inn}
        />
        <SelectField
          label={t('taxSystem')}
          value={form.taxSystem}
          options={['', ...TAX_SYSTEMS]}
          labelOf={(code) => (code === '' ? t('notSet') : t(code))}
          onChange={set('taxSystem')}
        />
        <SelectField
          label={t('vatRate')}
          value={form.vatRate}
          options={['', ...VAT_RATES]}
          labelOf={(code) => (code === '' ? t('notSet') : t(code))}
          onChange={set('vatRate')}
        />
      </div>
      <FormActions
        saving={save.isPending}
        saveText={t('save')}
        savingText={t('saving')}
        status={status}
        statusId={ids.status}
      />
    </form>
  )
}
