import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionConfig, Payload, PayloadRequest } from 'payload'

import { mediaDir } from '../../lib/paths'
import { whenSettled } from './transactions'

type StoredFile = { filename?: string | null; sizes?: Record<string, { filename?: string | null } | undefined> | null }

const trashDir = () => path.join(mediaDir(), '.trash')

export function filesOf(staticDir: string, doc: StoredFile): string[] {
  const names = [doc.filename, ...Object.values(doc.sizes ?? {}).map((s) => s?.filename)]
  return names.filter((n): n is string => !!n).map((n) => path.join(staticDir, path.basename(n)))
}

const exists = (p: string) => import('node:fs/promises').then((fs) => fs.access(p).then(() => true, () => false))

/**
 * Moves a document's files aside before Payload would unlink them, so that a rolled-back delete
 * or replace loses nothing: on commit they are removed, on rollback put back. A manifest beside them
 * lets the next start finish the job after a crash.
 */
export async function setAside(req: PayloadRequest, collection: string, docId: string, files: string[]): Promise<void> {
  const present = (await Promise.all(files.map(async (f) => ((await exists(f)) ? f : null)))).filter((f): f is string => !!f)
  if (!present.length) return
  const batch = path.join(trashDir(), randomUUID())
  const moves = present.map((from, i) => ({ from, to: path.join(batch, `${i}-${path.basename(from)}`) }))
  const registered = await whenSettled(req, {
    commit: () => rm(batch, { recursive: true, force: true }),
    rollback: async () => {
      for (const m of moves) await rename(m.to, m.from).catch(() => undefined)
      await rm(batch, { recursive: true, force: true })
    },
  })
  if (!registered) return // no transaction: Payload unlinks them itself, after the access check
  await mkdir(batch, { recursive: true })
  await writeFile(path.join(batch, 'manifest.json'), JSON.stringify({ collection, docId, moves }))
  for (const m of moves) await rename(m.from, m.to)
}

/** Files written for a write that then rolls back are removed. */
export async function removeIfRolledBack(req: PayloadRequest, staticDir: string, doc: StoredFile): Promise<void> {
  const files = filesOf(staticDir, doc)
  if (!files.length) return
  await whenSettled(req, { rollback: async () => { for (const f of files) await unlink(f).catch(() => undefined) } })
}

/**
 * After a crash between a delete and its commit: files whose document still exists go back, the
 * rest are removed.
 */
export async function recoverSetAside(payload: Payload): Promise<void> {
  const dir = trashDir()
  const batches = await readdir(dir).catch(() => [] as string[])
  for (const b of batches) {
    const batch = path.join(dir, b)
    const manifest = await readFile(path.join(batch, 'manifest.json'), 'utf8').then((t) => JSON.parse(t) as { collection: string; docId: string; moves: { from: string; to: string }[] }, () => null)
    if (manifest) {
      const doc = await payload.findByID({ collection: manifest.collection as 'images', id: manifest.docId, depth: 0, overrideAccess: true, disableErrors: true })
      const kept = doc ? new Set(filesOf(path.dirname(manifest.moves[0]?.from ?? ''), doc as StoredFile)) : new Set<string>()
      for (const m of manifest.moves) if (kept.has(m.from) && !(await exists(m.from))) await rename(m.to, m.from).catch(() => undefined)
    }
    await rm(batch, { recursive: true, force: true })
  }
}

export const staticDirOf = (collection: CollectionConfig): string | null =>
  typeof collection.upload === 'object' && collection.upload.staticDir ? collection.upload.staticDir : null
