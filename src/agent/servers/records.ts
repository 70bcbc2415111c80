import { readdir, readFile, rm } from 'node:fs/promises'

import type { Startup } from '../../lib/hosting/startup'
import type { Plan } from '../runtime/types'
import { writeFileAtomic } from './files'
import type { DataLayout } from './paths'

/** What the agent remembers of a server across its own restarts (records/<id>.json). */
export type ServerRecord = {
  id: string
  loader: string
  game_version: string
  plan: Plan
  port: number
  installed: boolean
  /** Why the last install failed (null when it did not). */
  install_error: string | null
  /** The owner wants it running: AGENT_AUTOSTART starts it again when the agent starts. */
  want_running: boolean
  /** The owner's heap cap and Node flags, used at each start (absent in records from before them). */
  startup?: Startup
  created_at: string
}

export async function saveRecord(layout: DataLayout, record: ServerRecord): Promise<void> {
  await writeFileAtomic(layout.recordFile(record.id), `${JSON.stringify(record, null, 2)}\n`)
}

export async function deleteRecord(layout: DataLayout, id: string): Promise<void> {
  await rm(layout.recordFile(id), { force: true })
}

/** Every record in the data dir; one that cannot be read is reported and skipped. */
export async function loadRecords(layout: DataLayout, warn: (message: string) => void): Promise<ServerRecord[]> {
  let names: string[]
  try {
    names = await readdir(layout.recordsDir)
  } catch {
    return []
  }
  const out: ServerRecord[] = []
  for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
    const id = name.slice(0, -'.json'.length)
    try {
      const record = JSON.parse(await readFile(layout.recordFile(id), 'utf8')) as ServerRecord
      if (record.id !== id) throw new Error('its id does not match its file name')
      out.push(record)
    } catch (err) {
      warn(`Skipping the record ${name}: ${err instanceof Error ? err.message : err}`)
    }
  }
  return out
}
