import type { BaseDatabaseAdapter, DatabaseAdapterObj, Payload, PayloadRequest } from 'payload'

/**
 * Work to do once a write is committed — Payload has no hook for it: `afterChange` runs inside the
 * write's transaction, so anything it tells the outside world (drop a cached copy, tell the other
 * instances) would be early, and wrong if the transaction then rolls back. The adapter's commit and
 * rollback are wrapped to run or drop what was registered for their transaction.
 */
type Callbacks = Map<number | string, (() => void | Promise<void>)[]>

const registries = new WeakMap<object, Callbacks>()

export function trackCommits<T extends BaseDatabaseAdapter>(adapter: DatabaseAdapterObj<T>): DatabaseAdapterObj<T> {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args)
      const pending: Callbacks = new Map()
      registries.set(db, pending)
      const commit = db.commitTransaction.bind(db)
      const rollback = db.rollbackTransaction.bind(db)
      db.commitTransaction = async (incoming) => {
        const id = await incoming
        await commit(id)
        const callbacks = pending.get(id) ?? []
        pending.delete(id)
        for (const callback of callbacks) await runSafely(args.payload, callback)
      }
      db.rollbackTransaction = async (incoming) => {
        const id = await incoming
        pending.delete(id)
        await rollback(id)
      }
      return db
    },
  }
}

/**
 * Runs `callback` after the transaction of `req` commits (never when it rolls back), or at once when
 * the write had no transaction (then it is already committed when its hooks run).
 */
export async function afterCommit(req: Pick<PayloadRequest, 'payload' | 'transactionID'>, callback: () => void | Promise<void>): Promise<void> {
  const id = req.transactionID === undefined ? undefined : await req.transactionID
  const pending = registries.get(req.payload.db)
  if (id === undefined || id === null || !pending) {
    await runSafely(req.payload, callback)
    return
  }
  const list = pending.get(id)
  if (list) list.push(callback)
  else pending.set(id, [callback])
}

async function runSafely(payload: Payload, callback: () => void | Promise<void>): Promise<void> {
  try {
    await callback()
  } catch (err) {
    // The write is committed whatever happens here; a failed follow-up is logged, not thrown at it.
    payload.logger.error({ err, msg: 'after-commit work failed' })
  }
}
