import * as z from 'zod/mini'
import { defineEndpoint } from './endpoint'
import { localizedText } from './text'

/**
 * The back office's tables and QR codes (issue 17, decisions 0066–0067): the floor's zones,
 * its tables with the links their QR codes carry, a new token for a table's code, and the
 * printable codes as a PDF. The manager's restaurant is the one their token signs in to.
 */

export const MAX_TABLE_SEATS = 100
export const MAX_TABLES_PER_PDF = 500

const zoneName = z.object({
  ru: z.string().check(z.trim(), z.minLength(1, 'Name the zone'), z.maxLength(60)),
  en: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(60))),
})

export const adminZone = z.object({
  id: z.string(),
  name: localizedText,
  position: z.int(),
  /** How many tables stand in it: a zone is deleted only once it has none. */
  tableCount: z.int(),
})
export type AdminZone = z.infer<typeof adminZone>

export const adminTable = z.object({
  id: z.string(),
  code: z.string(),
  label: z.string(),
  zoneId: z.nullable(z.string()),
  seats: z.int(),
  enabled: z.boolean(),
  /** The link its QR code carries: `{origin}/rest/{rid}/init?table={token}`. */
  qrLink: z.string(),
  /** Diners sit there now (a session is open). */
  occupied: z.boolean(),
})
export type AdminTable = z.infer<typeof adminTable>

export const adminFloor = z.object({
  restaurantName: z.string(),
  zones: z.array(adminZone),
  /** Every table, by zone then code (T2 before T10). */
  tables: z.array(adminTable),
})
export type AdminFloor = z.infer<typeof adminFloor>

const zoneId = z.uuid('A zone id is a uuid')
const tableId = z.uuid('A table id is a uuid')

export const tableCode = z
  .string()
  .check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,32}$/, 'A code is 1–32 latin letters, digits, _ or -'))
const tableLabel = z
  .string()
  .check(z.trim(), z.minLength(1, 'Give the table a label'), z.maxLength(60))
const seats = z
  .int('Seats are a whole number')
  .check(
    z.gte(1, 'A table seats at least 1'),
    z.lte(MAX_TABLE_SEATS, `A table seats at most ${String(MAX_TABLE_SEATS)}`),
  )

export const getAdminFloor = defineEndpoint({
  method: 'GET',
  path: '/admin/tables',
  summary: "The restaurant's zones and tables with their QR links",
  tags: ['admin'],
  status: 200,
  response: adminFloor,
})

const zonePosition = z.int().check(z.gte(0), z.lte(10000))

export const zoneInput = z.object({
  name: zoneName,
  position: z.optional(zonePosition),
})
export type ZoneInput = z.input<typeof zoneInput>

export const createAdminZone = defineEndpoint({
  method: 'POST',
  path: '/admin/zones',
  summary: 'Adds a zone',
  tags: ['admin'],
  body: zoneInput,
  status: 201,
  response: adminZone,
})

export const updateAdminZone = defineEndpoint({
  method: 'PATCH',
  path: '/admin/zones/:zoneId',
  summary: 'Renames or moves a zone',
  tags: ['admin'],
  params: z.object({ zoneId }),
  // Spelled out rather than z.partial(): zod's helpers all load with the diners' first screen.
  body: z.object({ name: z.optional(zoneName), position: z.optional(zonePosition) }),
  status: 200,
  response: adminZone,
})

export const deleteAdminZone = defineEndpoint({
  method: 'DELETE',
  path: '/admin/zones/:zoneId',
  summary: 'Deletes a zone that has no tables',
  tags: ['admin'],
  params: z.object({ zoneId }),
  status: 200,
  response: z.object({ deleted: z.literal(true) }),
})

export const MAX_ZONES = 200

/**
 * The zones in a new order: every zone of the restaurant, each once (the category order's way,
 * `PUT /admin/menu/category-order`). A list that leaves one out (added meanwhile on another
 * screen) is refused, so nothing is moved on a stale picture.
 */
export const orderAdminZones = defineEndpoint({
  method: 'PUT',
  path: '/admin/zone-order',
  summary: "The restaurant's zones, in order: every zone, each once",
  tags: ['admin'],
  body: z.object({ zoneIds: z.array(zoneId).check(z.maxLength(MAX_ZONES)) }),
  status: 200,
  response: z.object({ zones: z.array(adminZone) }),
})

export const tableInput = z.object({
  code: tableCode,
  label: tableLabel,
  zoneId: z.nullable(zoneId),
  seats,
  enabled: z.optional(z.boolean()),
})
export type TableInput = z.input<typeof tableInput>

export const createAdminTable = defineEndpoint({
  method: 'POST',
  path: '/admin/tables',
  summary: 'Adds a table with a new QR token',
  tags: ['admin'],
  body: tableInput,
  status: 201,
  response: adminTable,
})

export const updateAdminTable = defineEndpoint({
  method: 'PATCH',
  path: '/admin/tables/:tableId',
  summary: "Changes a table's code, label, zone, seats or whether it takes diners",
  tags: ['admin'],
  params: z.object({ tableId }),
  body: z.object({
    code: z.optional(tableCode),
    label: z.optional(tableLabel),
    zoneId: z.optional(z.nullable(zoneId)),
    seats: z.optional(seats),
    enabled: z.optional(z.boolean()),
  }),
  status: 200,
  response: adminTable,
})

export const rotateAdminTableToken = defineEndpoint({
  method: 'POST',
  path: '/admin/tables/:tableId/rotate-token',
  summary: "Gives the table's QR code a new token: the old print says it was replaced",
  tags: ['admin'],
  params: z.object({ tableId }),
  status: 200,
  response: adminTable,
})

export const qrPrintLayout = z.enum(['a4', 'tent'])
export type QrPrintLayout = z.infer<typeof qrPrintLayout>

/**
 * The printable QR codes as a PDF (`application/pdf`): `a4` puts several on an A4 sheet to cut
 * out, `tent` one table per A4 sheet folded into a tent. Every active table, or those named.
 */
export const printAdminTableQr = defineEndpoint({
  method: 'POST',
  path: '/admin/tables/qr-pdf',
  summary: "The tables' QR codes as a PDF: A4 sheets or table tents",
  tags: ['admin'],
  body: z.object({
    layout: qrPrintLayout,
    tableIds: z.optional(z.array(tableId).check(z.minLength(1), z.maxLength(MAX_TABLES_PER_PDF))),
  }),
  status: 200,
  response: z.string(),
})
