import { randomInt } from 'node:crypto'

import config from '@payload-config'
import { getPayload } from 'payload'

import { LISTED_STATUSES } from '@/lib/projectStatus'
import { projectPath } from '@/lib/search/displayType'

export const dynamic = 'force-dynamic'

const redirect = (location: string) => new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } })

/**
 * A random listed project (spec §2 "Hold R gives a random project"): a 302 to its page, never cached.
 * Read as an anonymous visitor, through access control. With no project at all: the mods page.
 */
export async function GET(): Promise<Response> {
  try {
    const payload = await getPayload({ config })
    const where = { status: { in: [...LISTED_STATUSES] } }
    const { totalDocs } = await payload.count({ collection: 'projects', where, overrideAccess: false })
    if (totalDocs === 0) return redirect('/mods')
    const { docs } = await payload.find({
      collection: 'projects',
      where,
      sort: 'id',
      limit: 1,
      page: randomInt(totalDocs) + 1,
      depth: 0,
      overrideAccess: false,
      select: { slug: true, projectType: true, loaders: true },
    })
    const project = docs[0]
    if (!project) return redirect('/mods')
    return redirect(projectPath(project.projectType, project.loaders ?? [], project.slug))
  } catch (error) {
    console.error('Random project: could not pick one', error)
    return new Response('Random project unavailable', { status: 503, headers: { 'Cache-Control': 'no-store', 'Retry-After': '30' } })
  }
}
