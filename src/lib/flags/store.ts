/**
 * The flags' per-browser store over localStorage, with subscribers in this tab and (through the
 * `storage` event) in the others. Storage may be blocked (privacy settings): flags then keep their
 * defaults and a change lasts only as long as the page.
 */
import { FLAGS, parseFlag, type FlagKey } from './catalogue'

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const listeners = new Set<() => void>()

function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readFlag(key: FlagKey, store: KeyValueStore | null = browserStore()): boolean {
  try {
    return parseFlag(key, store?.getItem(key))
  } catch {
    return parseFlag(key, null)
  }
}

/** Stores the flag and tells the subscribers; answers the value now in force. */
export function writeFlag(key: FlagKey, on: boolean, store: KeyValueStore | null = browserStore()): boolean {
  try {
    store?.setItem(key, String(on))
  } catch {
    /* not stored */
  }
  listeners.forEach((l) => l())
  return readFlag(key, store)
}

/** Every flag back to its default. */
export function resetFlags(store: KeyValueStore | null = browserStore()): void {
  for (const f of FLAGS) {
    try {
      store?.removeItem(f.key)
    } catch {
      /* not stored */
    }
  }
  listeners.forEach((l) => l())
}

export function subscribeFlags(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || FLAGS.some((f) => f.key === event.key)) listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}
