import { useState, type SubmitEvent } from 'react'
import type { ClientProfile } from '@tableside/contracts/client'
import { receiptContactProblem } from '@tableside/contracts/receipt-contact'
import { isApiError } from '../../../lib/api-error'
import { useUpdateClientMe } from '../api/client-me'

/**
 * The signed-in diner's details as they edit them: name, birthday, language and where receipts
 * go. A receipt contact that does not look like an email or a phone is only flagged once the
 * diner tries to save it.
 */
export function useDetailsForm(client: ClientProfile) {
  const update = useUpdateClientMe()
  const [name, setName] = useState(client.name ?? '')
  const [birthday, setBirthday] = useState(client.birthday ?? '')
  const [language, setLanguage] = useState(client.language ?? '')
  const [receiptContact, setReceiptContact] = useState(client.receiptContact ?? '')
  const [contactTried, setContactTried] = useState(false)
  const contact = receiptContact.trim()
  const contactLooksWrong = contact !== '' && receiptContactProblem(contact) !== null
  // The server reads a phone with libphonenumber-js: a landline it refuses, and says where.
  const contactRefused =
    update.isError &&
    isApiError(update.error) &&
    update.error.fields.some((field) => field.path === 'body.receiptContact')
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (contactLooksWrong) {
      setContactTried(true)
      return
    }
    update.mutate(
      {
        name: name.trim() === '' ? null : name.trim(),
        birthday: birthday === '' ? null : birthday,
        language: language === 'ru' || language === 'en' ? language : null,
        receiptContact: contact === '' ? null : contact,
      },
      {
        // As the server keeps it: an email in lower case, a phone in E.164.
        onSuccess: (saved) => setReceiptContact(saved.receiptContact ?? ''),
      },
    )
  }
  return {
    name,
    setName,
    birthday,
    setBirthday,
    language,
    setLanguage,
    receiptContact,
    setReceiptContact: (value: string) => {
      setReceiptContact(value)
      setContactTried(false)
      update.reset()
    },
    contactInvalid: (contactTried && contactLooksWrong) || contactRefused,
    /** A failure to say at the foot of the form: a refused contact is said under its field. */
    failed: update.isError && !contactRefused,
    saved: update.isSuccess,
    saving: update.isPending,
    submit,
  }
}
