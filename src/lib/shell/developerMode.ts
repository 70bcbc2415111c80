/**
 * Developer mode (spec §4, §6): a per-browser switch, kept in localStorage, that shows extra
 * options such as "copy ID". A tiny store so every component showing those options follows the
 * switch at once, in this tab and (through the `storage` event) in the others.
 */
import type { KeyValueStore } from './reloadGuard'

export const DEVELOPER_MODE_KEY = 'developerMode'

export const parseDeveloperMode = (value: string | null | undefined) => value === 'true'

const listeners = new Set<() => void>()

function browserStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage blocked (privacy settings): developer mode stays off
  }
}

export function readDeveloperMode(store: KeyValueStore | null = browserStore()): boolean {
  try {
    return parseDeveloperMode(store?.getItem(DEVELOPER_MODE_KEY))
  } catch {
    return false
  }
}

/** Stores the switch and tells the subscribers; answers the value now in force. */
export function writeDeveloperMode(on: boolean, store: KeyValueStore | null = browserStore()): boolean {
  try {
    store?.setItem(DEVELOPER_MODE_KEY, String(on))
  } catch {
    // not stored: the change lasts only as long as the page
  }
  listeners.forEach((listener) => listener())
  return readDeveloperMode(store)
}

/** For `useSyncExternalStore`: changes from this tab and from other tabs. */
export function subscribeDeveloperMode(listener: () => void): () => void {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === DEVELOPER_MODE_KEY) listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}
