import { defineMessages } from '../../lib/i18n/messages'

/** A signed-in diner's saved addresses at checkout, and keeping a new one. */
export const savedAddressMessages = defineMessages({
  en: {
    savedAddresses: 'Saved addresses',
    otherAddress: 'Another address',
    otherAddressHint: 'Type it in below',
    keepAddress: 'Save the address to my profile',
    keepAddressHint: 'Next time it is one tap away',
    profileFull: 'Your profile already keeps {max} addresses: delete one there to save this one.',
  },
  ru: {
    savedAddresses: 'Сохранённые адреса',
    otherAddress: 'Другой адрес',
    otherAddressHint: 'Введите его ниже',
    keepAddress: 'Сохранить адрес в профиле',
    keepAddressHint: 'В следующий раз выберете его одним касанием',
    profileFull: 'В профиле уже {max} адресов: удалите там лишний, чтобы сохранить этот.',
  },
})
