// A fresh database per run: a new database on the server in DATABASE_URL, or a throwaway embedded
// PostgreSQL (own temp folder, free port) when it is unset.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

import { createFreshDatabase } from '../helpers/freshDatabase'

export default async function setup(project: TestProject) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bf-int-'))
  const db = await createFreshDatabase('int', tmp)
  process.env.DATABASE_URL = db.url
  process.env.MEDIA_DIR = path.join(tmp, 'media')
  project.provide('databaseUrl', db.url)
  return async () => {
    await db.stop()
    rmSync(tmp, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}
