import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { restaurantId } from './restaurants'
import { localizedText } from './text'

/**
 * What a table's QR code carries: `/rest/{restaurant_id}/init?table={token}`. The only thing
 * that opens the table's session: at least 128 random bits, so it cannot be guessed, and the
 * restaurant can replace it (decision 0026). The table's code and label are what people read;
 * a code in its place is refused with `table_link_outdated`, a replaced token with
 * `table_qr_replaced`.
 */
export const tableQrToken = z
  .string()
  .check(
    z.trim(),
    z.regex(
      /^[A-Za-z0-9_-]{1,128}$/,
      'A table token is the letters, digits, _ and - after ?table= in the QR link',
    ),
  )

/**
 * A table session id: the capability that lets everyone at the table order to it and see its
 * bill. Unguessable (a random uuid), so it is never listed anywhere a stranger could read it.
 */
export const tableSessionId = z.uuid('A table session id is a uuid')

export const tableRef = z.object({
  code: z.string(),
  /** What the restaurant calls the table: "1", "Veranda 3". */
  label: z.string(),
  /** Where it stands ("Терраса"), in the menu's languages. */
  zone: z.nullable(localizedText),
})
export type TableRef = z.infer<typeof tableRef>

export const tableSessionStatus = z.enum(['open', 'closed'])

/** Why a session ended: nobody did anything for the restaurant's session lifetime, or the bill was settled. */
export const tableSessionEnd = z.enum(['expired', 'settled'])

export const tableSession = z.object({
  id: tableSessionId,
  restaurantId: z.string(),
  table: tableRef,
  status: tableSessionStatus,
  openedAt: z.string(),
  lastActivityAt: z.string(),
  /** When the session ends if nobody orders or calls before then. */
  expiresAt: z.string(),
  closedReason: z.nullable(tableSessionEnd),
})
export type TableSession = z.infer<typeof tableSession>

/** Opens the table's session, or joins the one already open: everyone at a table shares one. */
export const openTableSession = defineEndpoint({
  method: 'POST',
  path: '/restaurants/:restaurantId/table-sessions',
  summary: "Opens or joins the table's session by the token its QR code carries",
  tags: ['tables'],
  params: z.object({ restaurantId }),
  body: z.object({ tableToken: tableQrToken }),
  status: 201,
  response: tableSession,
})

export const getTableSession = defineEndpoint({
  method: 'GET',
  path: '/table-sessions/:sessionId',
  summary: 'A table session: its table and whether it is still open',
  tags: ['tables'],
  params: z.object({ sessionId: tableSessionId }),
  status: 200,
  response: tableSession,
})

/** Private channel of one table session: its orders, bill and waiter calls (DESIGN §5). */
export const tableChannel = (sessionId: string) => `private-table.${sessionId}`
