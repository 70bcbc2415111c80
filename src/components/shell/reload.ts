/**
 * Browser side of the reload guard: loads a page in full unless the guard (10 s per path, kept in
 * sessionStorage) says that path was just reloaded. Answers whether it is loading.
 */
import { claimReload } from '@/lib/shell/reloadGuard'

export function reloadGuarded(target?: URL): boolean {
  let store: Storage
  try {
    store = window.sessionStorage
  } catch {
    return false // no storage, no guard: better a stale page than a reload loop
  }
  const url = target ?? new URL(window.location.href)
  if (!claimReload(store, url.pathname, Date.now())) return false
  if (target) window.location.assign(url.href)
  else window.location.reload()
  return true
}
