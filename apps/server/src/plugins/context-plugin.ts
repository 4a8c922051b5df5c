import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config/env'
import type { ClusterLocks } from '../db/cluster-locks'
import type { JobLock } from '../db/job-lock'
import type { Database } from '../db/schema'
import { createPeriodicJobs, type PeriodicJobs } from '../lib/periodic-jobs'
import type { SignInDevices } from '../lib/sign-in-devices'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's configuration, read once at start. */
    config: ServerConfig
    /** The database every repository works on. */
    db: Kysely<Database>
    /** The clock of the features that read one (tests move it). */
    now: () => Date
    /** Work done now and then, once per cluster (decision 0103): features add their jobs. */
    periodicJobs: PeriodicJobs
    /** Named locks one node of the cluster holds at a time (decision 0110). */
    clusterLocks: ClusterLocks
    /** The signed cookies staff sign-ins leave on their devices (decision 0108). */
    signInDevices: SignInDevices
  }
}

export interface ContextOptions {
  config: ServerConfig
  db: Kysely<Database>
  /** Which node of a cluster runs the periodic jobs (the database handle's). */
  jobLock: JobLock
  /** The database handle's. */
  clusterLocks: ClusterLocks
  now: () => Date
  signInDevices: SignInDevices
}

/**
 * What every feature plugin starts from: the configuration, the database, the clock, and the
 * periodic jobs, started once the app is ready and stopped when it closes.
 */
export const contextPlugin = fp<ContextOptions>(
  (app, { config, db, jobLock, clusterLocks, now, signInDevices }, done) => {
    app.decorate('config', config)
    app.decorate('clusterLocks', clusterLocks)
    app.decorate('signInDevices', signInDevices)
    app.decorate('db', db)
    app.decorate('now', now)
    const periodicJobs = createPeriodicJobs({ lock: jobLock, log: app.log })
    app.decorate('periodicJobs', periodicJobs)
    app.addHook('onReady', () => {
      periodicJobs.start()
      return Promise.resolve()
    })
    app.addHook('onClose', () => periodicJobs.stop())
    done()
  },
  { name: 'context', fastify: '5.x' },
)
