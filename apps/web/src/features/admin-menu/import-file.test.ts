import { describe, expect, it } from 'vitest'
import { MENU_FILE_FORMAT } from '@tableside/contracts/menu-file'
import { readMenuFileForImport } from './import-file'

describe('a menu file chosen for import', () => {
  it('is sent as written when it is JSON in the menu file format', () => {
    const file = { format: MENU_FILE_FORMAT, menus: [{ id: 'main' }] }
    expect(readMenuFileForImport(JSON.stringify(file))).toEqual(file)
  })

  it('is refused on the screen when it is not JSON or not a menu file', () => {
    expect(readMenuFileForImport('{"format": "tableside.menu/1"')).toBeNull()
    expect(readMenuFileForImport('[]')).toBeNull()
    expect(readMenuFileForImport('null')).toBeNull()
    expect(readMenuFileForImport('{"menus": []}')).toBeNull()
    expect(readMenuFileForImport('{"format": "tableside.menu/2", "menus": []}')).toBeNull()
  })
})
