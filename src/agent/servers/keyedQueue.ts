import { stat } from 'node:fs/promises'

import { isErrno } from './fileErrors'

/**
 * Runs work one at a time per key (one upload's chunks, one imported backup's): two chunks of the
 * same file at once would both pass the offset check. Keys with nothing queued are forgotten.
 */
export class KeyedQueue {
  private readonly queues = new Map<string, Promise<unknown>>()

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.queues.get(key) ?? Promise.resolve()).then(work, work)
    const settled = next.catch(() => undefined)
    this.queues.set(key, settled)
    void settled.then(() => this.queues.get(key) === settled && this.queues.delete(key))
    return next
  }
}

/** The bytes a partial file holds so far (0 when there is none yet). */
export const bytesSoFar = (file: string): Promise<number> =>
  stat(file).then(
    (s) => s.size,
    (err: unknown) => {
      if (isErrno(err, 'ENOENT')) return 0
      throw err
    },
  )
