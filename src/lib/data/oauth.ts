import { parseScopes, scopeNames, type ScopeName } from '../../access/core/scopes'
import { relationId } from '../ids'
import type { Image } from '../../payload-types'
import { imageUrl } from './page-project'
import { as, type Viewer } from './viewer'

export type OwnApp = { id: string; name: string; iconUrl: string | null; url: string | null; description: string | null; redirectUris: string[]; scopes: ScopeName[]; created: string }
export type GrantedApp = { appId: string; name: string; iconUrl: string | null; url: string | null; creator: string | null; scopes: ScopeName[]; authorized: string }

/** The viewer's own applications, newest first (never anyone else's, even for admins). */
export async function listOwnApps(viewer: Viewer): Promise<OwnApp[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'oauth-apps', where: { createdBy: { equals: viewer.user.id } }, sort: '-createdAt', limit: 0, depth: 1, ...as(viewer) })
  return docs.map((d) => ({
    id: d.id,
    name: d.name,
    iconUrl: typeof d.icon === 'object' ? imageUrl(d.icon as Image | null, 'icon') : null,
    url: d.url ?? null,
    description: d.description ?? null,
    redirectUris: (d.redirectUris ?? []).map((r) => r.uri),
    scopes: scopeNames(parseScopes(d.maxScopes)),
    created: d.createdAt,
  }))
}

/** The applications the viewer authorized, with what each may do. */
export async function listGrantedApps(viewer: Viewer): Promise<GrantedApp[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'oauth-authorizations', where: { user: { equals: viewer.user.id } }, sort: '-createdAt', limit: 0, depth: 0, ...as(viewer) })
  const appIds = docs.map((d) => relationId(d.app)).filter((id): id is string => !!id)
  const apps = appIds.length ? (await viewer.payload.find({ collection: 'oauth-apps', where: { id: { in: appIds } }, limit: 0, depth: 1, ...as(viewer) })).docs : []
  const creators = new Map(
    (await viewer.payload.find({ collection: 'users', where: { id: { in: apps.map((a) => relationId(a.createdBy)).filter(Boolean) } }, limit: 0, depth: 0, select: { username: true }, ...as(viewer) })).docs.map((u) => [u.id, u.username ?? null]),
  )
  const byId = new Map(apps.map((a) => [a.id, a]))
  return docs.flatMap((d) => {
    const app = byId.get(relationId(d.app) ?? '')
    if (!app) return []
    return [{ appId: app.id, name: app.name, iconUrl: typeof app.icon === 'object' ? imageUrl(app.icon as Image | null, 'icon') : null, url: app.url ?? null, creator: creators.get(relationId(app.createdBy) ?? '') ?? null, scopes: scopeNames(parseScopes(d.scopes)), authorized: d.createdAt }]
  })
}
