import { readFile } from 'node:fs/promises'
import { CamelCasePlugin, sql } from 'kysely'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { testDatabaseKinds } from '../test/test-database'

/** The names the app's CamelCasePlugin sends to the database for schema.ts's camelCase ones. */
class SnakeCaseNames extends CamelCasePlugin {
  of(name: string): string {
    return this.snakeCase(name)
  }
}

/** `table.column` for every column schema.ts declares, read from its `Database` interface. */
async function declaredColumns(): Promise<string[]> {
  const path = new URL('./schema.ts', import.meta.url)
  const source = ts.createSourceFile(
    'schema.ts',
    await readFile(path, 'utf8'),
    ts.ScriptTarget.Latest,
  )
  const interfaces = new Map<string, ts.InterfaceDeclaration>()
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement)
  }
  const names = new SnakeCaseNames()
  const memberName = (member: ts.TypeElement) => {
    if (!member.name || !ts.isIdentifier(member.name)) {
      throw new Error(`schema.ts: a member without a plain name near ${member.getText(source)}`)
    }
    return member.name.text
  }
  const database = interfaces.get('Database')
  if (!database) throw new Error('schema.ts declares no Database interface')
  return database.members.flatMap((table) => {
    if (!ts.isPropertySignature(table) || !table.type || !ts.isTypeReferenceNode(table.type)) {
      throw new Error(`schema.ts: Database.${memberName(table)} is not an interface's name`)
    }
    const tableType = interfaces.get(table.type.typeName.getText(source))
    if (!tableType) throw new Error(`schema.ts: no interface for Database.${memberName(table)}`)
    return tableType.members.map(
      (column) => `${names.of(memberName(table))}.${names.of(memberName(column))}`,
    )
  })
}

describe.each(testDatabaseKinds)('db/schema.ts on $name', (kind) => {
  it('declares exactly the tables and columns the migrations make', async () => {
    const handle = await kind.open()
    try {
      const { rows } = await sql<{ tableName: string; columnName: string }>`
        select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      `.execute(handle.db)
      const migrated = rows.map((row) => `${row.tableName}.${row.columnName}`)
      expect(migrated.length).toBeGreaterThan(0)
      expect((await declaredColumns()).sort()).toEqual(migrated.sort())
    } finally {
      await handle.close()
    }
  })
})
