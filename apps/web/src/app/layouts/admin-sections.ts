/** The back office's sections, in the order its menu lists them. */
export const SECTIONS = [
  'live',
  'menu',
  'stations',
  'tables',
  'staff',
  'settings',
  'reports',
  'audit',
] as const
export type AdminSection = (typeof SECTIONS)[number]
