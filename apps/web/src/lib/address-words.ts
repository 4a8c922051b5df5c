import type { DeliveryAddress } from '@tableside/contracts/orders'
import { defineMessages } from './i18n/messages'
import { useMessages } from './i18n/use-translation'

/** An address's details in words: one set for the diner, the waiter and the courier (issue 30). */
const addressMessages = defineMessages({
  en: {
    apartment: 'apt {value}',
    entrance: 'entrance {value}',
    floor: 'floor {value}',
    intercom: 'intercom {value}',
  },
  ru: {
    apartment: 'кв. {value}',
    entrance: 'подъезд {value}',
    floor: 'этаж {value}',
    intercom: 'домофон {value}',
  },
})

const DETAILS = ['apartment', 'entrance', 'floor', 'intercom'] as const

/**
 * How an address reads: `details` ("кв. 5", "подъезд 2", …, only those given) and `line`, the
 * whole of it as the courier reads it at the door ("Покровка, 17, кв. 5, подъезд 2").
 */
export function useAddressWords() {
  const { t } = useMessages(addressMessages)
  const details = (address: DeliveryAddress): string[] =>
    DETAILS.flatMap((part) => {
      const value = address[part]
      return value ? [t(part, { value })] : []
    })
  return {
    details,
    line: (address: DeliveryAddress) =>
      [`${address.street}, ${address.house}`, ...details(address)].join(', '),
  }
}
