import type { Payload } from 'payload'

import { poolOf } from './db'
import { postgresEngine } from './postgres/engine'
import { typesenseEngine, typesenseConfigured } from './typesense/engine'
import type { SearchEngine } from './types'

const cache = new WeakMap<Payload, { postgres: SearchEngine; typesense: SearchEngine | null }>()

/** The engines for this Payload instance: Postgres always; Typesense when TYPESENSE_URL and TYPESENSE_API_KEY are set. */
export function enginesOf(payload: Payload) {
  let e = cache.get(payload)
  if (!e) {
    e = { postgres: postgresEngine(() => poolOf(payload)), typesense: typesenseConfigured() ? typesenseEngine() : null }
    cache.set(payload, e)
  }
  return e
}

/** The engine that answers queries. */
export const searchEngineOf = (payload: Payload): SearchEngine => {
  const e = enginesOf(payload)
  return e.typesense ?? e.postgres
}
