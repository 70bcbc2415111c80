/**
 * Developer mode (spec §4, §6): a per-browser switch that shows extra options such as "copy ID".
 * One of the feature flags (src/lib/flags), toggled from the logo or on `/flags`; every component
 * showing those options follows it at once, in this tab and in the others.
 */
import { readFlag, subscribeFlags, writeFlag } from '../flags/store'
import type { KeyValueStore } from './reloadGuard'

export const DEVELOPER_MODE_KEY = 'developerMode'

export const parseDeveloperMode = (value: string | null | undefined) => value === 'true'

/** The flags store wants removeItem too (for reset); developer mode never removes. */
const asFlagStore = (store: KeyValueStore | null | undefined) => (store ? { ...store, getItem: store.getItem.bind(store), setItem: store.setItem.bind(store), removeItem: () => undefined } : store)

export function readDeveloperMode(store?: KeyValueStore | null): boolean {
  return readFlag(DEVELOPER_MODE_KEY, store === undefined ? undefined : asFlagStore(store))
}

/** Stores the switch and tells the subscribers; answers the value now in force. */
export function writeDeveloperMode(on: boolean, store?: KeyValueStore | null): boolean {
  return writeFlag(DEVELOPER_MODE_KEY, on, store === undefined ? undefined : asFlagStore(store))
}

/** For `useSyncExternalStore`: changes from this tab and from other tabs. */
export const subscribeDeveloperMode = subscribeFlags
