import type { DatabaseAdapterObj, BaseDatabaseAdapter } from 'payload'

/**
 * Keeps at least two pool connections free of transactions.
 *
 * Payload's update and delete run inside a transaction that holds one pool connection, and
 * part-way through they look up `payload-locked-documents` through the pool *outside* that
 * transaction (payload/dist/utilities/checkDocumentLockStatus.js). With as many concurrent writes
 * as connections, every connection is held by a transaction waiting for one more: the pool waits
 * forever and so does every page and API call (PGlite's pool of two hit it on the first REST
 * update; a pool of 10 hits it at about ten concurrent updates). The adapter also pins one
 * connection for good. Letting at most `poolMax - 2` transactions open at once leaves a connection
 * for those short outside reads, which take no locks and so always finish: the writes wait their
 * turn instead of deadlocking.
 */
export function gateTransactions<T extends BaseDatabaseAdapter>(adapter: DatabaseAdapterObj<T>, poolMax: number): DatabaseAdapterObj<T> {
  return {
    ...adapter,
    init: (args) => {
      const db = adapter.init(args)
      const gate = semaphore(Math.max(1, poolMax - 2))
      const open = new Set<number | string>()
      const begin = db.beginTransaction.bind(db)
      db.beginTransaction = async (options) => {
        await gate.acquire()
        let id: null | number | string = null
        try {
          id = await begin(options)
        } finally {
          if (id === null) gate.release()
          else open.add(id)
        }
        return id
      }
      const ending = (end: BaseDatabaseAdapter['commitTransaction']): BaseDatabaseAdapter['commitTransaction'] => async (incoming) => {
        const id = await incoming
        try {
          await end(id)
        } finally {
          if (open.delete(id)) gate.release()
        }
      }
      db.commitTransaction = ending(db.commitTransaction.bind(db))
      db.rollbackTransaction = ending(db.rollbackTransaction.bind(db))
      return db
    },
  }
}

function semaphore(permits: number) {
  let free = permits
  const waiting: (() => void)[] = []
  return {
    acquire: () =>
      new Promise<void>((resolve) => {
        if (free > 0) {
          free -= 1
          resolve()
        } else waiting.push(resolve)
      }),
    release: () => {
      const next = waiting.shift()
      if (next) next()
      else free += 1
    },
  }
}
