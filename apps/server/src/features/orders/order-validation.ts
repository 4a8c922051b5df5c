import type { FieldError } from '@tableside/contracts/errors'
import type { PlaceOrderBody } from '@tableside/contracts/orders'

const need = (path: string, message: string): FieldError => ({ path: `body.${path}`, message })

/**
 * The rules the schema cannot say alone, because they depend on the order type. Every
 * problem is reported at once, with its field.
 */
export function orderFieldProblems(body: PlaceOrderBody): FieldError[] {
  const problems: FieldError[] = []
  const { type } = body
  if (type === 'dine_in') {
    if (!body.tableSessionId) {
      problems.push(need('tableSessionId', 'Scan the QR code on your table to order to it.'))
    }
  } else {
    if (body.tableSessionId) {
      problems.push(need('tableSessionId', 'Only an order to the table has a table session.'))
    }
    if (!body.contact) problems.push(need('contact', 'Give a name and a phone number.'))
  }
  if (type === 'delivery' && !body.address) {
    problems.push(need('address', 'Give the delivery address.'))
  }
  if (type !== 'delivery' && body.address) {
    problems.push(need('address', 'Only a delivery has an address.'))
  }
  if (type === 'preorder') {
    if (!body.scheduledFor) problems.push(need('scheduledFor', 'Choose a time to come.'))
    if (body.guests === undefined) problems.push(need('guests', 'Say how many guests are coming.'))
  } else if (body.guests !== undefined) {
    problems.push(need('guests', 'Only a pre-order has a number of guests.'))
  }
  if (type === 'dine_in' && body.scheduledFor) {
    problems.push(need('scheduledFor', 'An order to the table is cooked now.'))
  }
  return problems
}
