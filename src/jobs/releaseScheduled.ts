import { createLocalReq, type Payload, type Where } from 'payload'

import { syncProjectFromVersions } from '../collections/Versions/hooks/syncProject'
import { relationId } from '../lib/ids'

/*
 * Releases what was scheduled (labrinth `release_scheduled`): every version and project in
 * `scheduled` whose time has come takes its requested status. A system write (no user), so the
 * write rules do not run; the project of a released version is kept in sync (its loaders and game
 * versions, and `updated`, as for a new version) and the search index follows through the hooks.
 *
 * Safe when two instances run it at once: each item is updated only while it is still scheduled
 * and due (the condition is part of the update), so a second run finds nothing left to do, and a
 * release called off in the meantime stays called off.
 */

export type Released = { versions: string[]; projects: string[] }

const BATCH = 100

async function releaseVersions(payload: Payload, now: Date): Promise<string[]> {
  const due: Where = { and: [{ status: { equals: 'scheduled' } }, { datePublished: { less_than_equal: now.toISOString() } }, { requestedStatus: { exists: true } }] }
  const released: string[] = []
  const seen = new Set<string>()
  const touched = new Set<string>()
  for (;;) {
    const { docs } = await payload.find({ collection: 'versions', where: due, limit: BATCH, depth: 0, overrideAccess: true, sort: 'datePublished', select: { project: true, requestedStatus: true } })
    const fresh = docs.filter((d) => !seen.has(d.id))
    if (fresh.length === 0) break
    for (const v of fresh) {
      seen.add(v.id)
      const result = await payload.update({
        collection: 'versions',
        where: { and: [{ id: { equals: v.id } }, ...(due.and ?? [])] },
        data: { status: v.requestedStatus!, requestedStatus: null },
        depth: 0,
        overrideAccess: true,
        context: { skipProjectSync: true },
      })
      if (!result.docs.length) continue // called off, or released by another run, meanwhile
      released.push(v.id)
      const project = relationId(v.project)
      if (project) touched.add(project)
    }
  }
  // Each project once, as if its versions had just been published.
  const req = await createLocalReq({}, payload)
  for (const project of touched) await syncProjectFromVersions(req, project, true)
  return released
}

async function releaseProjects(payload: Payload, now: Date): Promise<string[]> {
  const due: Where = { and: [{ status: { equals: 'scheduled' } }, { approved: { less_than_equal: now.toISOString() } }, { requestedStatus: { exists: true } }] }
  const released: string[] = []
  const seen = new Set<string>()
  for (;;) {
    const { docs } = await payload.find({ collection: 'projects', where: due, limit: BATCH, depth: 0, overrideAccess: true, sort: 'approved', select: { requestedStatus: true } })
    const fresh = docs.filter((d) => !seen.has(d.id))
    if (fresh.length === 0) break
    for (const p of fresh) {
      seen.add(p.id)
      const result = await payload.update({ collection: 'projects', where: { and: [{ id: { equals: p.id } }, ...(due.and ?? [])] }, data: { status: p.requestedStatus! }, depth: 0, overrideAccess: true, context: { system: true } })
      if (result.docs.length) released.push(p.id)
    }
  }
  return released
}

/** Releases everything due at `now`; answers the ids this run released. */
export async function releaseScheduled(payload: Payload, now: Date = new Date()): Promise<Released> {
  const projects = await releaseProjects(payload, now)
  const versions = await releaseVersions(payload, now)
  return { versions, projects }
}
