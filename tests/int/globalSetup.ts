// A fresh database per worker and run: new databases on the server in DATABASE_URL, or throwaway
// embedded PostgreSQL servers (own temp folders, free ports) when it is unset. Files run two at a
// time (INT_WORKERS), each worker on its own database, so a file sees only the files before it in
// its own worker — as if the run were sequential.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

import { createFreshDatabase, type FreshDatabase } from '../helpers/freshDatabase'
import { intWorkers } from './workers'

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-int-'))
  // An embedded PostgreSQL started as root runs as `postgres`, which must get through to its data folder.
  chmodSync(tmp, 0o711)
  const dbs: FreshDatabase[] = []
  for (let i = 1; i <= intWorkers(); i++) {
    dbs.push(await createFreshDatabase(`int${i}`, mkdtempSync(path.join(tmp, `w${i}-`))))
  }
  process.env.DATABASE_URL = dbs[0].url
  process.env.MEDIA_DIR = path.join(tmp, 'media')
  project.provide('databaseUrls', dbs.map((d) => d.url))
  project.provide('mediaRoot', tmp)
  return async () => {
    for (const db of dbs) await db.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrls: string[]
    mediaRoot: string
  }
}
