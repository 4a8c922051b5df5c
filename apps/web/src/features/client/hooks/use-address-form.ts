import { useState, type SubmitEvent } from 'react'
import { isApiError } from '../../../lib/api-error'
import { useAddAddress } from '../api/client-addresses'

/** A new delivery address being typed: street and house are needed, the apartment is not. */
export function useAddressForm() {
  const add = useAddAddress()
  const [street, setStreet] = useState('')
  const [house, setHouse] = useState('')
  const [apartment, setApartment] = useState('')
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (street.trim() === '' || house.trim() === '') return
    add.mutate(
      { street, house, ...(apartment.trim() ? { apartment } : {}) },
      {
        onSuccess: () => {
          setStreet('')
          setHouse('')
          setApartment('')
        },
      },
    )
  }
  return {
    fields: [
      ['street', street, setStreet, 'address-line1'],
      ['house', house, setHouse, 'address-line2'],
      ['apartment', apartment, setApartment, 'off'],
    ] as const,
    submit,
    adding: add.isPending,
    failure: !add.isError
      ? null
      : isApiError(add.error) && add.error.code === 'too_many_addresses'
        ? ('tooManyAddresses' as const)
        : ('failed' as const),
  }
}
