import { z } from 'zod'

import messages from '../../../../messages/en-US.json'
import { getOrganizationByKey, getOrganizationProjects } from '../../../lib/data/organizations'
import { getTeamMembers } from '../../../lib/data/teams'
import { imagesByIds } from '../../../lib/data/images'
import { imageUrl } from '../../../lib/data/profile-pages'
import { as, type Viewer } from '../../../lib/data/viewer'
import { relationId } from '../../../lib/ids'
import { parseOrganizationInput } from '../../../lib/organizations/rules'
import {
  addProjectToOrganization,
  createOrganization,
  deleteOrganization,
  findOrganization,
  removeProjectFromOrganization,
  setOrganizationIcon,
  updateOrganization,
} from '../../../lib/organizations/service'
import type { Organization as OrganizationDoc, Project } from '../../../payload-types'
import { invalidInput, itemNotFound } from '../http/errors'
import { IMAGE_BODY, imageType, rawBody } from '../http/images'
import { defineRoute } from '../http/route'
import { toLegacyTeamMember } from '../serializers/user'
import { legacyProjects } from './assemble'

/*
 * `/v3` organizations (labrinth `routes/v3/organizations.rs`), on the same domain functions as the
 * site's pages (src/lib/organizations): the same rights, refusals and bookkeeping.
 */
const TAG = 'organizations'
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such organization (empty body)', empty: true } }
const idParam = { id: 'The organization id or slug' }

/** labrinth's v3 Organization: `id, slug, name, team_id, description, icon_url, color, members` (members with `is_owner`, `organization_permissions`). */
async function toV3Organization(viewer: Viewer, org: OrganizationDoc) {
  const team = relationId(org.team)
  const members = team ? ((await getTeamMembers(viewer, [team])).get(team) ?? []) : []
  const icon = relationId(org.icon)
  const icons = icon ? await imagesByIds(viewer, [icon]) : new Map()
  return {
    id: org.id,
    slug: org.slug,
    name: org.name,
    team_id: team,
    description: org.description ?? '',
    icon_url: imageUrl(icons.get(icon ?? ''), 'full'),
    color: org.color ?? null,
    members: members.map((m) => ({ ...toLegacyTeamMember(m), is_owner: !!m.member.isOwner, organization_permissions: m.member.organizationPermissions ?? null })),
  }
}

async function orgOf(viewer: Viewer, key: string) {
  const org = await getOrganizationByKey(viewer, key)
  if (!org) throw itemNotFound()
  return org
}

/** The form's field checks, worded as the pages word them. */
function input(raw: { name?: string; slug?: string; description?: string }) {
  const parsed = parseOrganizationInput({ name: raw.name, slug: raw.slug, summary: raw.description })
  if (!parsed.ok) {
    const [field, key] = Object.entries(parsed.fields)[0] ?? ['', 'failed']
    throw invalidInput(`${field}: ${(messages.Organizations.errors as Record<string, string>)[key] ?? key}`)
  }
  return parsed.data
}

const OrgBody = z.object({ name: z.string().max(200), slug: z.string().max(200), description: z.string().max(2000).optional() })

export const getOrganizationRoute = defineRoute({
  method: 'GET', path: '/organization/{id}', operationId: 'getOrganization', tag: TAG, summary: 'Get an organization with its members',
  params: idParam, scopes: ['ORGANIZATION_READ'], responses: notFound,
  handler: async ({ viewer, params }) => toV3Organization(viewer, await orgOf(viewer, params.id)),
})

export const createOrganizationRoute = defineRoute({
  method: 'POST', path: '/organization', operationId: 'createOrganization', tag: TAG, summary: 'Create an organization (you become its owner)',
  body: OrgBody, scopes: ['ORGANIZATION_CREATE'], requiresAuth: true,
  handler: async ({ viewer, body }) => toV3Organization(viewer, await createOrganization(viewer, input(body))),
})

export const editOrganizationRoute = defineRoute({
  method: 'PATCH', path: '/organization/{id}', operationId: 'patchOrganization', tag: TAG, summary: 'Change an organization’s name, slug or description',
  params: idParam, body: OrgBody.partial(), scopes: ['ORGANIZATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const org = await orgOf(viewer, params.id)
    await updateOrganization(viewer, org.id, input({ name: body.name ?? org.name, slug: body.slug ?? org.slug, description: body.description ?? org.description ?? '' }))
    return noContent()
  },
})

export const deleteOrganizationRoute = defineRoute({
  method: 'DELETE', path: '/organization/{id}', operationId: 'deleteOrganization', tag: TAG, summary: 'Delete an organization; its projects go back to its owner',
  params: idParam, scopes: ['ORGANIZATION_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await deleteOrganization(viewer, (await orgOf(viewer, params.id)).id)
    return noContent()
  },
})

export const organizationProjectsRoute = defineRoute({
  method: 'GET', path: '/organization/{id}/projects', operationId: 'getOrganizationProjects', tag: TAG, summary: 'Get the projects of an organization',
  description: 'As far as the caller may see them, in the v2 project shape.',
  params: idParam, scopes: ['PROJECT_READ'], responses: notFound,
  handler: async ({ viewer, params }) => {
    const org = await orgOf(viewer, params.id)
    const ids = (await getOrganizationProjects(viewer, org.id)).map((p) => p.id)
    if (!ids.length) return []
    const { docs } = await viewer.payload.find({ collection: 'projects', where: { id: { in: ids } }, pagination: false, depth: 0, ...as(viewer) })
    return legacyProjects(viewer, docs as Project[])
  },
})

export const addOrganizationProjectRoute = defineRoute({
  method: 'POST', path: '/organization/{id}/projects', operationId: 'addOrganizationProject', tag: TAG, summary: 'Move one of your projects into the organization',
  description: 'Needs ownership of the project and ADD_PROJECT in the organization.',
  params: idParam, body: z.object({ project_id: z.string().min(1).max(200) }), scopes: ['PROJECT_WRITE', 'ORGANIZATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await addProjectToOrganization(viewer, (await orgOf(viewer, params.id)).id, body.project_id)
    return noContent()
  },
})

export const removeOrganizationProjectRoute = defineRoute({
  method: 'DELETE', path: '/organization/{id}/projects/{project}', operationId: 'removeOrganizationProject', tag: TAG, summary: 'Take a project out of the organization, to a member as its owner',
  description: 'Needs REMOVE_PROJECT; `new_owner` (a member of the organization) becomes the owner of the project.',
  params: { ...idParam, project: 'The project id or slug' }, body: z.object({ new_owner: z.string().min(1).max(64) }), scopes: ['PROJECT_WRITE', 'ORGANIZATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await removeProjectFromOrganization(viewer, (await orgOf(viewer, params.id)).id, params.project, body.new_owner)
    return noContent()
  },
})

export const organizationIconRoute = defineRoute({
  method: 'PATCH', path: '/organization/{id}/icon', operationId: 'changeOrganizationIcon', tag: TAG, summary: 'Change the organization’s icon',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type.',
  params: idParam, query: z.object({ ext: z.string().max(8) }), scopes: ['ORGANIZATION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const org = await findOrganization(viewer, params.id)
    const mimetype = imageType(query.ext)
    const data = await rawBody(request)
    await setOrganizationIcon(viewer, org.id, { data, mimetype, name: `icon.${query.ext.toLowerCase()}`, size: data.length })
    return noContent()
  },
})

export const organizationRoutes = [
  getOrganizationRoute,
  createOrganizationRoute,
  editOrganizationRoute,
  deleteOrganizationRoute,
  organizationProjectsRoute,
  addOrganizationProjectRoute,
  removeOrganizationProjectRoute,
  organizationIconRoute,
]
