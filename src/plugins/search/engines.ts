import type { Payload } from 'payload'

import { drizzleOf } from '../../lib/db/sql'
import { env } from '../../lib/env'
import { processState } from '../../lib/state'

import { memoryEngine } from './memory/engine'
import { postgresEngine } from './postgres/engine'
import { typesenseEngine, typesenseConfigured } from './typesense/engine'
import type { SearchEngine } from './types'

type Engines = { postgres: SearchEngine; memory: ReturnType<typeof memoryEngine>; typesense: SearchEngine | null }
// Process-wide (src/lib/state.ts): Next bundles this module into each route, and one process must
// hold one in-memory index (keyed by the Payload instance, which is shared), not one per route.
const cache = processState('searchEngines', () => new WeakMap<Payload, Engines>())

/**
 * The engines for this Payload instance: Postgres always (SQL, and the in-memory index that reads
 * its tables); Typesense when TYPESENSE_URL and TYPESENSE_API_KEY are set. Writes go to `postgres`
 * and `typesense`; `memory` only reads.
 */
export function enginesOf(payload: Payload): Engines {
  let e = cache.get(payload)
  if (!e) {
    const pool = () => drizzleOf(payload)
    const postgres = postgresEngine(pool)
    e = { postgres, memory: memoryEngine(pool, postgres), typesense: typesenseConfigured() ? typesenseEngine() : null }
    cache.set(payload, e)
  }
  return e
}

/** The in-memory index answers searches unless SEARCH_MEMORY_INDEX=false. */
const memoryIndexOn = env.searchMemoryIndex


/** The engine that answers queries. */
export const searchEngineOf = (payload: Payload): SearchEngine => {
  const e = enginesOf(payload)
  return e.typesense ?? (memoryIndexOn() ? e.memory : e.postgres)
}
