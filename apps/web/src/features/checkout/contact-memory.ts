import * as z from 'zod/mini'
import { createStoredValue, type StoredValue } from '../../lib/stored-value'

/** Name, phone and address from this browser's last order, offered again next time. */
const rememberedContact = z.object({
  name: z.string(),
  phone: z.string(),
  street: z.string(),
  house: z.string(),
  apartment: z.string(),
  entrance: z.string(),
  floor: z.string(),
  intercom: z.string(),
})
export type RememberedContact = z.infer<typeof rememberedContact>

export const NO_CONTACT: RememberedContact = {
  name: '',
  phone: '',
  street: '',
  house: '',
  apartment: '',
  entrance: '',
  floor: '',
  intercom: '',
}

const store: StoredValue<RememberedContact> = createStoredValue(
  'tableside.contact.v1',
  (stored) => {
    const parsed = z.safeParse(rememberedContact, stored)
    return parsed.success ? parsed.data : NO_CONTACT
  },
  NO_CONTACT,
)

export const readRememberedContact = (): RememberedContact => store.get()

/** Keeps what was given; an order without an address keeps the address from before. */
export function rememberContact(contact: Partial<RememberedContact>): void {
  const given = Object.fromEntries(Object.entries(contact).filter(([, value]) => value))
  store.set({ ...store.get(), ...given })
}
