import type { AdminMenu } from '@tableside/contracts/menu-admin'

/** The menu as a file to keep or to import elsewhere (`menu:import` takes it back unchanged). */
export function downloadMenuFile(menu: AdminMenu, name: string): void {
  const blob = new Blob([`${JSON.stringify(menu.file, null, 2)}\n`], { type: 'application/json' })
  const link = document.createElement('a')
  link.href = URL.createObjectURL(blob)
  link.download = name
  link.click()
  setTimeout(() => {
    URL.revokeObjectURL(link.href)
  }, 1000)
}
