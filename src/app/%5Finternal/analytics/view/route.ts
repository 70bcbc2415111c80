import config from '@payload-config'
import { getPayload } from 'payload'
import { z } from 'zod'

import { countView } from '@/lib/analytics/count'
import { clientAddress } from '@/lib/http/clientAddress'
import { HIDDEN_STATUSES } from '@/lib/projectStatus'

export const dynamic = 'force-dynamic'

const Body = z.object({ project_id: z.string().min(1).max(64) })

/**
 * POST /_internal/analytics/view `{ project_id }`: the project page's view beacon. Counts one view per
 * address and project per window for a project the public can see; answers 204 either way, so the
 * beacon learns nothing about hidden projects. Bad input is a 400.
 */
export async function POST(request: Request) {
  const parsed = Body.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return Response.json({ error: 'invalid_input', description: 'Expected { "project_id": string }' }, { status: 400 })
  const payload = await getPayload({ config })
  const project = await payload.find({
    collection: 'projects',
    where: { and: [{ id: { equals: parsed.data.project_id } }, { status: { not_in: [...HIDDEN_STATUSES] } }] },
    limit: 1,
    depth: 0,
    select: {},
    overrideAccess: true,
  })
  const id = project.docs[0]?.id
  if (id) await countView(payload, { projectId: id, address: clientAddress(request.headers) }).catch((err: unknown) => payload.logger.warn({ err, msg: 'could not count a view' }))
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
