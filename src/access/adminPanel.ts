import type { CollectionConfig, PayloadRequest, Where } from 'payload'

import { membershipsOf, projectMemberWhere } from './core/memberships'
import { actorOf, isNewsEditor, isStaff } from './core/roles'

/*
 * The admin panel is open to every signed-in user (Users `access.admin`): staff moderate there,
 * news editors write, creators edit their own content. What each sees:
 * - creators: their projects (and their versions, files and gallery), their images, collections and
 *   organizations — each list filtered to their own, every write still judged by the same rules;
 * - news editors: the editorial collections too; staff: everything.
 */
type Audience = 'creators' | 'editors' | 'staff'

const NONE: Where = { id: { equals: '__none__' } }

async function myProjectIds(req: PayloadRequest): Promise<string[]> {
  const member = await projectMemberWhere(req, 0)
  if (!member) return []
  const { docs } = await req.payload.find({ collection: 'projects', where: member, pagination: false, depth: 0, overrideAccess: true, select: {}, req })
  return docs.map((d) => d.id)
}

async function myVersionIds(req: PayloadRequest): Promise<string[]> {
  const projects = await myProjectIds(req)
  if (!projects.length) return []
  const { docs } = await req.payload.find({ collection: 'versions', where: { project: { in: projects } }, pagination: false, depth: 0, overrideAccess: true, select: {}, req })
  return docs.map((d) => d.id)
}

/** A creator's own documents per collection (null: no list filter). */
const OWN: Record<string, (req: PayloadRequest, me: string) => Promise<Where>> = {
  projects: async (req) => (await projectMemberWhere(req, 0)) ?? NONE,
  versions: async (req) => ({ project: { in: await myProjectIds(req) } }),
  'version-files': async (req) => ({ version: { in: await myVersionIds(req) } }),
  images: async (req, me): Promise<Where> => ({ or: [{ uploader: { equals: me } }, { project: { in: await myProjectIds(req) } }] }),
  'user-collections': async (_req, me) => ({ owner: { equals: me } }),
  organizations: async (req) => ({ id: { in: [...(await membershipsOf(req)).byOrganization.keys()] } }),
  'oauth-apps': async (_req, me) => ({ createdBy: { equals: me } }),
}

const EDITORIAL = new Set(['news', 'changelog-entries'])

const audienceOf = (slug: string): Audience => (slug in OWN ? 'creators' : EDITORIAL.has(slug) ? 'editors' : 'staff')

/** Sets who sees the collection in the admin panel and, for creators, filters its lists to their own. */
export function withAdminAudience(collection: CollectionConfig): CollectionConfig {
  const audience = audienceOf(collection.slug)
  const own = OWN[collection.slug]
  const previousHidden = collection.admin?.hidden
  return {
    ...collection,
    admin: {
      ...collection.admin,
      hidden:
        previousHidden === true
          ? true
          : ({ user }) => {
              const actor = user as Parameters<typeof isStaff>[0]
              if (isStaff(actor)) return typeof previousHidden === 'function' ? previousHidden({ user }) : false
              if (audience === 'editors') return !isNewsEditor(actor)
              return audience === 'staff'
            },
      ...(own
        ? {
            baseFilter: async ({ req }) => {
              const actor = actorOf(req)
              if (!actor || isStaff(actor)) return null
              return own(req, actor.id)
            },
          }
        : {}),
    },
  }
}
