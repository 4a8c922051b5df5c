import { buildApp } from './app'
import { ConfigError, loadConfig } from './config/env'
import { printedOrigin } from './config/printed-origin'
import { DataDirLockedError } from './db/data-dir-lock'
import { openDatabaseWhenReachable } from './db/database'
import { migrate } from './db/migrate'
import { DEMO_RESTAURANT_ID, seedDemo } from './db/seed-demo'
import { createTableRepository } from './features/table-sessions/table-repository'
import { startBanner } from './start-banner'

const SHUTDOWN_GRACE_MS = 10_000

async function main(): Promise<void> {
  const config = loadConfig()
  // Until the app (and its logger) exists, what the node waits for goes to stderr as a line.
  let connectionLost = (error: Error) => {
    process.stderr.write(`The database dropped a connection: ${error.message}\n`)
  }
  const database = await openDatabaseWhenReachable(config.database, {
    log: (message) => process.stderr.write(`${message}\n`),
    onConnectionLost: (error) => {
      connectionLost(error)
    },
  })
  let app
  try {
    const applied = await migrate(database.db)
    const seeded =
      config.demoSeed &&
      (await seedDemo(database.db, { callEscalationSeconds: config.demoCallEscalationSeconds }))
    app = await buildApp({ config, database, logger: { level: config.logLevel } })
    const log = app.log
    connectionLost = (error) => {
      log.warn({ err: error }, 'the database dropped an idle connection; the pool opens another')
    }
    if (applied.length > 0) app.log.info({ applied }, 'database migrated')
    if (seeded) app.log.info('demo restaurant created')
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app?.close()
    await database.close()
    throw error
  }

  const demoTables = await createTableRepository(database.db).list(DEMO_RESTAURANT_ID)
  process.stdout.write(
    await startBanner({
      origin: printedOrigin(config),
      database: database.describe,
      demoTables,
      terminal: process.stdout.isTTY,
      setupToken: await app.setup.pendingToken(),
    }),
  )

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info(`${signal}: shutting down`)
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_GRACE_MS)
    force.unref()
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
  }
  process.on('SIGTERM', () => {
    shutdown('SIGTERM')
  })
  process.on('SIGINT', () => {
    shutdown('SIGINT')
  })
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`\nTableside cannot start: ${error.message}\n\n`)
  } else {
    process.stderr.write(
      `\nTableside failed to start:\n${String(error instanceof Error ? error.stack : error)}\n`,
    )
  }
  process.exit(1)
})
