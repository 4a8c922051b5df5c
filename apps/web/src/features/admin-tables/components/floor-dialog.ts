import type { AdminTable, AdminZone } from '@tableside/contracts/admin-tables'

/** The dialog the tables screen has open: a table's or a zone's form, or a confirmation. */
export type FloorDialog =
  | { kind: 'table'; table?: AdminTable; zoneId?: string | null }
  | { kind: 'zone'; zone?: AdminZone }
  | { kind: 'rotate'; table: AdminTable }
  | { kind: 'delete-zone'; zone: AdminZone }
  | { kind: 'qr'; table: AdminTable }
