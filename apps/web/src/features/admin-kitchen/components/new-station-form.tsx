import { useId, useState } from 'react'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { useCreateStation } from '../api/stations'
import { adminKitchenMessages } from '../admin-kitchen-messages'
import { problemText } from '../problem-text'

/** A name and a button: the new station goes to the end of the list. */
export function NewStationForm({ nextSortOrder }: { nextSortOrder: number }) {
  const { t } = useMessages(adminKitchenMessages)
  const create = useCreateStation()
  const [name, setName] = useState('')
  const [missing, setMissing] = useState(false)
  const ids = { input: useId(), problem: useId() }
  const problem = missing ? t('nameMissing') : create.isError ? problemText(create.error, t) : ''
  return (
    <form
      className="admin-kitchen__new"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const trimmed = name.trim()
        setMissing(!trimmed)
        if (!trimmed || create.isPending) return
        create.mutate({ name: trimmed, sortOrder: nextSortOrder }, { onSuccess: () => setName('') })
      }}
    >
      <div className="admin-field" data-invalid={problem ? true : undefined}>
        <label className="admin-field__label" htmlFor={ids.input}>
          {t('newStation')}
        </label>
        <input
          id={ids.input}
          className="admin-input"
          value={name}
          maxLength={60}
          placeholder={t('newStationPlaceholder')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? ids.problem : undefined}
          onChange={(event) => {
            setName(event.target.value)
            setMissing(false)
            create.reset()
          }}
        />
        {problem ? (
          <p id={ids.problem} className="admin-field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={buttonClass('primary')}
        aria-disabled={create.isPending || undefined}
      >
        {create.isPending ? t('saving') : t('add')}
      </button>
    </form>
  )
}
