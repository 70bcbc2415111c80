import { randomUUID } from 'node:crypto'
import { access, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionConfig, Payload, PayloadRequest } from 'payload'

import { namesUsedElsewhere, storedNames, type StoredFileDoc } from '../../lib/files/namesInUse'
import { StoredNameError, storedPath } from '../../lib/files/storedName'
import { mediaDir } from '../../lib/paths'
import { whenSettled } from './transactions'

const trashDir = () => path.join(mediaDir(), '.trash')

/** The paths of a document's files inside `staticDir` (names that are not plain are left out). */
export function filesOf(staticDir: string, doc: StoredFileDoc): string[] {
  return storedNames(doc)
    .map((n) => storedPath(staticDir, n))
    .filter((p): p is string => !!p)
}

/**
 * The paths Payload's `deleteAssociatedFiles` unlinks for a document, as it builds them:
 * `${staticDir}/${name}`, a size without a file included (as the text `null` or `undefined`).
 */
function pathsPayloadUnlinks(staticDir: string, doc: StoredFileDoc): string[] {
  const names: unknown[] = [doc.filename, ...(doc.sizes ? Object.values(doc.sizes).map((s) => s?.filename) : [])]
  return [...new Set(names.map((n) => path.resolve(`${staticDir}/${String(n)}`)))]
}

const exists = (p: string) => access(p).then(
  () => true,
  () => false,
)

/**
 * Before Payload unlinks a document's files (delete, or a replaced file): which are the document's
 * own, and which of the paths Payload will unlink belong to someone else and must be kept — a name
 * another document also stores (data from before names were the site's), or the text `null` that
 * Payload joins for a size without a file. A stored name that is not a plain file name is refused:
 * Payload would unlink wherever it points.
 */
export async function claimFiles(req: PayloadRequest, collection: string, staticDir: string, id: string, doc: StoredFileDoc): Promise<{ own: string[]; keep: string[] }> {
  const names = storedNames(doc)
  for (const name of names) if (!storedPath(staticDir, name)) throw new StoredNameError(name, 'this document’s stored file name is not a plain file name; an administrator must repair it before its file can be replaced or deleted.')
  const shared = await namesUsedElsewhere(req.payload, collection, id, names, req)
  const own = names.filter((n) => !shared.has(n)).map((n) => storedPath(staticDir, n)!)
  const keep = pathsPayloadUnlinks(staticDir, doc).filter((p) => !own.includes(p))
  return { own, keep }
}

type Move = { from: string; to: string; keep?: boolean }
type Manifest = { collection: string; docId: string; moves: Move[] }
/** Files of other documents moved out of Payload's way, per request, until the operation is over. */
type Kept = { collection: string; batch: string; moves: Move[]; removeBatch: boolean }
const KEPT = 'safeWritesKeptFiles'

const putBack = async (m: Move) => {
  if ((await exists(m.to)) && !(await exists(m.from))) await rename(m.to, m.from).catch(() => undefined)
}

/**
 * Moves a document's files aside before Payload would unlink them, so that a rolled-back delete
 * or replace loses nothing: on commit they are removed, on rollback put back. Files in `keep` are
 * someone else's: they are moved out of Payload's way too, and put back once the operation is over
 * (`restoreKeptFiles`), whatever happens. A manifest beside them lets the next start finish the job
 * after a crash.
 */
export async function setAside(req: PayloadRequest, collection: string, docId: string, files: string[], keep: string[] = []): Promise<void> {
  const present = async (list: string[]) => (await Promise.all(list.map(async (f) => ((await exists(f)) ? f : null)))).filter((f): f is string => !!f)
  const own = await present(files)
  const kept = await present(keep.filter((k) => !files.includes(k)))
  if (!own.length && !kept.length) return
  const batch = path.join(trashDir(), randomUUID())
  const all: Move[] = [...own.map((from) => ({ from })), ...kept.map((from) => ({ from, keep: true }))].map((m, i) => ({ ...m, to: path.join(batch, `${i}-${path.basename(m.from)}`) }))
  const registered = await whenSettled(req, {
    commit: async () => {
      for (const m of all) if (m.keep) await putBack(m)
      await rm(batch, { recursive: true, force: true })
    },
    rollback: async () => {
      for (const m of all) await putBack(m)
      await rm(batch, { recursive: true, force: true })
    },
  })
  // No transaction: Payload unlinks the document's own files itself, after the access check.
  const moves = registered ? all : all.filter((m) => m.keep)
  if (!moves.length) return
  await mkdir(batch, { recursive: true })
  await writeFile(path.join(batch, 'manifest.json'), JSON.stringify({ collection, docId, moves } satisfies Manifest))
  for (const m of moves) await rename(m.from, m.to)
  const keptMoves = moves.filter((m) => m.keep)
  if (keptMoves.length) {
    const list = (req.context[KEPT] as Kept[] | undefined) ?? []
    list.push({ collection, batch, moves: keptMoves, removeBatch: !registered })
    req.context[KEPT] = list
  }
}

/** After an operation on `collection`: the files of other documents it moved aside go back. */
export async function restoreKeptFiles(req: PayloadRequest, collection: string): Promise<void> {
  const list = (req.context[KEPT] as Kept[] | undefined) ?? []
  const mine = list.filter((k) => k.collection === collection)
  if (!mine.length) return
  req.context[KEPT] = list.filter((k) => k.collection !== collection)
  for (const k of mine) {
    for (const m of k.moves) await putBack(m)
    if (k.removeBatch) await rm(k.batch, { recursive: true, force: true })
  }
}

/** Files written for a write that then rolls back are removed. */
export async function removeIfRolledBack(req: PayloadRequest, staticDir: string, doc: StoredFileDoc): Promise<void> {
  const files = filesOf(staticDir, doc)
  if (!files.length) return
  await whenSettled(req, { rollback: async () => { for (const f of files) await unlink(f).catch(() => undefined) } })
}

/**
 * After a crash between a delete and its commit: files whose document still exists go back, and so
 * do other documents' files moved out of the way; the rest are removed.
 */
export async function recoverSetAside(payload: Payload): Promise<void> {
  const dir = trashDir()
  const batches = await readdir(dir).catch(() => [] as string[])
  for (const b of batches) {
    const batch = path.join(dir, b)
    const manifest = await readFile(path.join(batch, 'manifest.json'), 'utf8').then((t) => JSON.parse(t) as Manifest, () => null)
    if (manifest) {
      const doc = await payload.findByID({ collection: manifest.collection as 'images', id: manifest.docId, depth: 0, overrideAccess: true, disableErrors: true })
      const kept = doc ? new Set(filesOf(path.dirname(manifest.moves[0]?.from ?? ''), doc as StoredFileDoc)) : new Set<string>()
      for (const m of manifest.moves) if (m.keep || kept.has(m.from)) await putBack(m)
    }
    await rm(batch, { recursive: true, force: true })
  }
}

export const staticDirOf = (collection: CollectionConfig): string | null =>
  typeof collection.upload === 'object' && collection.upload.staticDir ? collection.upload.staticDir : null
