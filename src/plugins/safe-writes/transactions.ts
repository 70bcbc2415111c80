import type { Payload, PayloadRequest } from 'payload'

/**
 * Work that must wait for the database's verdict: files are removed only once the transaction that
 * deleted their document has committed, and put back if it rolled back. Payload has no commit hook,
 * so the adapter's commit and rollback are wrapped once at start-up.
 */
type Settle = { commit: (() => Promise<void>)[]; rollback: (() => Promise<void>)[] }
const pending = new Map<string, Settle>()
const installed = new WeakSet<object>()

type Logger = Pick<Payload['logger'], 'error'>

async function runAll(fns: (() => Promise<void>)[], logger: Logger) {
  for (const fn of fns) {
    try {
      await fn()
    } catch (err) {
      logger.error({ err }, 'After-transaction work failed')
    }
  }
}

export function installTransactionHooks(payload: Payload) {
  const db = payload.db
  if (installed.has(db) || typeof db.commitTransaction !== 'function') return
  installed.add(db)
  const commit = db.commitTransaction.bind(db)
  const rollback = db.rollbackTransaction.bind(db)
  db.commitTransaction = async (id) => {
    await commit(id)
    const work = pending.get(String(id))
    pending.delete(String(id))
    if (work) await runAll(work.commit, payload.logger)
  }
  db.rollbackTransaction = async (id) => {
    try {
      await rollback(id)
    } finally {
      const work = pending.get(String(id))
      pending.delete(String(id))
      // Last registered, first undone: new files go before old ones are put back in their place.
      if (work) await runAll([...work.rollback].reverse(), payload.logger)
    }
  }
}

/**
 * Registers work for when the request's transaction ends. Returns false when the request has no
 * transaction (the caller then acts at once).
 */
export async function whenSettled(req: PayloadRequest, work: { commit?: () => Promise<void>; rollback?: () => Promise<void> }): Promise<boolean> {
  const id = await req.transactionID
  if (id == null) return false
  const key = String(id)
  const entry = pending.get(key) ?? { commit: [], rollback: [] }
  if (work.commit) entry.commit.push(work.commit)
  if (work.rollback) entry.rollback.push(work.rollback)
  pending.set(key, entry)
  return true
}
