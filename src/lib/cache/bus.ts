import type { Payload } from 'payload'
import pg from 'pg'

import type { TagCache } from './store'

/**
 * Invalidation across instances through Postgres `LISTEN/NOTIFY` (the embedded server has it too):
 * every instance listens on one channel on a connection of its own, outside the pool (a listening
 * connection cannot go back to a pool); a committed write sends its tags on that channel. Each
 * instance drops the tagged entries from its own cache when the message arrives, so an edit made
 * through any instance shows on every instance's next request.
 *
 * While the connection is down the instance cannot hear invalidations, so its cache stays off
 * (`listening` is false: reads go to the database) and is emptied when the connection comes back —
 * nothing heard-less is ever served.
 */
export const INVALIDATION_CHANNEL = 'bf_cache_invalidate'
/** NOTIFY payloads are limited to 8000 bytes; larger tag lists go in several messages. */
const MAX_PAYLOAD = 7000

export type InvalidationBus = {
  readonly listening: boolean
  close(): Promise<void>
}

export type BusOptions = {
  /** The connection settings of the pool the instance uses. */
  connection: pg.ClientConfig
  cache: TagCache
  logger?: Pick<Payload['logger'], 'warn' | 'error'>
  /** Reconnect delay after the connection is lost. */
  retryMs?: number
  /**
   * This instance's id: its own announcements come back to it over the channel, after it has
   * already dropped those entries and may have read them afresh — dropping them again would only
   * throw away good copies (and the pages built from them).
   */
  self?: string
}

export function startInvalidationBus({ connection, cache, logger, retryMs = 1000, self }: BusOptions): InvalidationBus {
  let client: pg.Client | null = null
  let listening = false
  let closed = false
  let retry: NodeJS.Timeout | null = null

  const connect = async () => {
    if (closed) return
    const fresh = new pg.Client(connection)
    const lost = (err?: unknown) => {
      if (client !== fresh) return
      client = null
      listening = false
      if (err) logger?.warn({ err, msg: 'cache invalidation connection lost; the cache is off until it is back' })
      void fresh.end().catch(() => undefined)
      if (!closed) retry = setTimeout(() => void connect(), retryMs)
    }
    fresh.on('error', lost)
    fresh.on('end', () => lost(new Error('connection ended')))
    fresh.on('notification', (message) => {
      if (message.channel !== INVALIDATION_CHANNEL || !message.payload) return
      try {
        const { tags, from } = JSON.parse(message.payload) as { tags: string[]; from?: string }
        if (self !== undefined && from === self) return
        cache.invalidate(tags)
      } catch {
        // Not ours or corrupt: drop everything rather than keep something stale.
        cache.clear()
      }
    })
    client = fresh
    try {
      await fresh.connect()
      await fresh.query(`LISTEN ${INVALIDATION_CHANNEL}`)
      if (client !== fresh) return
      // Whatever was cached before may have missed messages while nobody listened.
      cache.clear()
      listening = true
    } catch (err) {
      lost(err)
    }
  }
  void connect()

  return {
    get listening() {
      return listening
    },
    async close() {
      closed = true
      listening = false
      if (retry) clearTimeout(retry)
      const c = client
      client = null
      await c?.end().catch(() => undefined)
    },
  }
}

/**
 * Tells every listening instance to drop `tags`; `query` runs one statement on any connection.
 * `from` is the sender's id (BusOptions.self), so the sender can skip its own message.
 */
export async function notifyInvalidation(query: (text: string, values: unknown[]) => Promise<unknown>, tags: readonly string[], from?: string): Promise<void> {
  for (const chunk of chunks(tags)) await query('SELECT pg_notify($1, $2)', [INVALIDATION_CHANNEL, JSON.stringify({ tags: chunk, from })])
}

function* chunks(tags: readonly string[]): Generator<string[]> {
  let chunk: string[] = []
  let size = 0
  for (const tag of tags) {
    if (size + tag.length + 3 > MAX_PAYLOAD && chunk.length) {
      yield chunk
      chunk = []
      size = 0
    }
    chunk.push(tag)
    size += tag.length + 3
  }
  if (chunk.length) yield chunk
}
