import type { ClientProfile } from '@tableside/contracts/client'
import { MAX_RECEIPT_CONTACT } from '@tableside/contracts/receipt-contact'
import { buttonClass } from '../../../components/ui/button'
import { useMessages } from '../../../lib/i18n/use-translation'
import { clientMessages } from '../client-messages'
import { useDetailsForm } from '../hooks/use-details-form'
import { shownPhone } from '../shown-phone'
import { ClientField } from './client-field'

/** The signed-in diner's phone, and the details they may change. */
export function ProfileDetailsForm({ client }: { client: ClientProfile }) {
  const { t } = useMessages(clientMessages)
  const form = useDetailsForm(client)
  return (
    <form className="client-form client-card" onSubmit={form.submit}>
      <p className="client-form__phone">{shownPhone(client.phone)}</p>
      <ClientField id="client-name" label={t('name')}>
        <input
          id="client-name"
          className="client-field__input"
          autoComplete="name"
          maxLength={80}
          value={form.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
        />
      </ClientField>
      <ClientField id="client-birthday" label={t('birthday')}>
        <input
          id="client-birthday"
          className="client-field__input"
          type="date"
          autoComplete="bday"
          aria-describedby="client-birthday-hint"
          value={form.birthday}
          onChange={(event) => form.setBirthday(event.currentTarget.value)}
        />
        <p className="client-form__note" id="client-birthday-hint">
          {t('birthdayHint')}
        </p>
      </ClientField>
      <ClientField id="client-language" label={t('language')}>
        <select
          id="client-language"
          className="client-field__input"
          value={form.language}
          onChange={(event) => form.setLanguage(event.currentTarget.value)}
        >
          <option value="">{t('languageDevice')}</option>
          <option value="ru">Русский</option>
          <option value="en">English</option>
        </select>
      </ClientField>
      <ClientField id="client-receipt-contact" label={t('receiptContact')}>
        <input
          id="client-receipt-contact"
          className="client-field__input"
          type="text"
          inputMode="email"
          autoComplete="email"
          maxLength={MAX_RECEIPT_CONTACT}
          aria-invalid={form.contactInvalid}
          aria-describedby="client-receipt-contact-hint"
          value={form.receiptContact}
          onChange={(event) => form.setReceiptContact(event.currentTarget.value)}
        />
        <p
          className={form.contactInvalid ? 'client-problem' : 'client-form__note'}
          id="client-receipt-contact-hint"
        >
          {form.contactInvalid ? t('receiptContactInvalid') : t('receiptContactHint')}
        </p>
      </ClientField>
      {form.failed ? (
        <p className="client-problem" role="alert">
          {t('failed')}
        </p>
      ) : null}
      {form.saved ? <p className="client-form__note">{t('saved')}</p> : null}
      <button type="submit" className={buttonClass('primary')} disabled={form.saving}>
        {t('save')}
      </button>
    </form>
  )
}
