import type { Config, Plugin, SanitizedConfig } from 'payload'

import type { RouteDef } from './http/route'

export type ApiMountName = 'v2' | 'oauth' | 'v3' | 'updates'

/** A set of routes and the path prefixes they answer under, as labrinth mounts them. */
export type ApiMount = {
  name: ApiMountName
  /**
   * Path prefixes: `/v2` answers `/v2` and `/v2/…`, `/v3/` only what is below it. The first mount
   * that matches a path serves it.
   */
  paths: readonly string[]
  /**
   * Its routes, loaded on the first request: the handlers read data modules that import the config,
   * which lists this plugin, so they are not imported while the config is built.
   */
  routes: () => Promise<readonly RouteDef[]>
  /** The rate limit's bucket (default: the v2 one). */
  limitName?: string
}

/** labrinth's v3 routes built so far, from four handler modules. */
async function v3Routes(): Promise<readonly RouteDef[]> {
  const [organizations, collections, notifications, follows] = await Promise.all([import('./handlers/organizations'), import('./handlers/collections-v3'), import('./handlers/notifications'), import('./handlers/project-writes')])
  return [...organizations.organizationRoutes, ...collections.collectionV3Routes, ...notifications.notificationRoutes, ...follows.followRoutes]
}

/**
 * Every API mount, in the order a path is matched (`/v3/oauth` before `/v3`). Both the Next route
 * handlers (src/app/v2, v3, _internal/oauth, updates) and the production server's fast path
 * (src/server/fastPath.ts) serve what the built config lists here.
 */
export const API_MOUNTS: readonly ApiMount[] = [
  { name: 'v2', paths: ['/v2'], routes: async () => (await import('./routes')).v2Routes },
  // The OAuth provider at `/_internal/oauth` and `/v3/oauth`, as labrinth mounts it.
  { name: 'oauth', paths: ['/_internal/oauth', '/v3/oauth'], routes: async () => (await import('./handlers/oauth')).oauthRoutes, limitName: 'oauth' },
  // labrinth's v3 organizations and collections, and notifications and following (their shapes as v2's).
  { name: 'v3', paths: ['/v3/'], routes: v3Routes, limitName: 'v3' },
  // `/updates/{id|slug}/forge_updates.json`, outside `/v2` as labrinth mounts it (routes/updates.rs).
  { name: 'updates', paths: ['/updates/'], routes: async () => (await import('./handlers/updates')).updatesRoutes, limitName: 'updates' },
]

const KEY = 'apiMounts'

/**
 * The API as a capability: puts its mounts on the config (server-only `custom`), where the route
 * handlers and the fast path find them. Without the plugin, those paths answer labrinth's 404.
 */
export const apiV2Plugin =
  (mounts: readonly ApiMount[] = API_MOUNTS): Plugin =>
  (config: Config): Config => ({ ...config, custom: { ...config.custom, [KEY]: mounts } })

/** The mounts the built config carries (none without the plugin). */
export const apiMountsOf = (config: SanitizedConfig): readonly ApiMount[] => (config.custom?.[KEY] as readonly ApiMount[] | undefined) ?? []

/** The mount that serves a path, or null. */
export function mountFor(mounts: readonly ApiMount[], pathname: string): ApiMount | null {
  for (const mount of mounts)
    for (const path of mount.paths) if (path.endsWith('/') ? pathname.startsWith(path) : pathname === path || pathname.startsWith(`${path}/`)) return mount
  return null
}

/** The regular expression of a mount's prefixes, for the router to strip. */
export const prefixOf = (mount: ApiMount): RegExp => new RegExp(`^(?:${mount.paths.map((p) => p.replace(/\/$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=/|$)`)
