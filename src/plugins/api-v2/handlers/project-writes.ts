import { readFile } from 'node:fs/promises'

import type { Where } from 'payload'
import { z } from 'zod'

import { getProjectByIdOrSlug } from '../../../lib/data'
import { imageUrl } from '../../../lib/data/page-project'
import { as, type Viewer } from '../../../lib/data/viewer'
import { MAX_GALLERY_ITEMS, MAX_IMAGE_BYTES, maxVersionFileBytes } from '../../../lib/limits'
import { ProjectPermissions } from '../../../access/core/permissions'
import { projectPermissionsOn } from '../../../access/core/memberships'
import { isOnTeam } from '../../../lib/data/viewer'
import { createVersionWithFiles } from '../../../lib/publishing/versionFiles'
import { permissionRefusal, scheduleProject } from '../../../lib/publishing/schedule'
import { scheduleProblem } from '../../../lib/publishing/scheduleRules'
import { addGalleryImage, deleteGalleryImage, galleryOf, updateGalleryImage } from '../../../lib/publishing/gallery'
import { invalidInput, itemNotFound, unauthorized } from '../http/errors'
import { describeIssues } from '../http/input'
import { IMAGE_BODY, imageType, rawBody, storeIcon } from '../http/images'
import { dataPart, readMultipart } from '../http/multipart'
import { defineRoute } from '../http/route'
import { Project } from '../schemas/project'
import { ScheduleData } from '../schemas/versionWrite'
import { BulkProjectPatch, NewProjectData, projectData, ProjectPatch } from '../schemas/projectWrite'
import { jsonArrayParam, key } from '../schemas/common'
import { sidesOf } from '../serializers/common'
import { filesOfParts, versionDraft } from './version-writes'
import { legacyProjects } from './assemble'

/*
 * The project write side (labrinth `routes/v2/project_creation.rs`, `projects.rs`): the same
 * collection and rules as the site's create form and settings pages, with the caller as user.
 */
const TAG = 'projects'
const idParam = { id: 'The project id or slug' }
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such project, or the caller may not see it (empty body)', empty: true } }
async function projectOf(viewer: Viewer, idOrSlug: string) {
  const project = await getProjectByIdOrSlug(viewer, idOrSlug)
  if (!project) throw itemNotFound()
  return project
}

/**
 * labrinth takes any SPDX expression; our projects point at the licences the site offers, so an id
 * not among them is labrinth's 400 for a licence it cannot read, never the database's foreign-key error.
 */
async function checkLicense(viewer: Viewer, id: string | undefined) {
  if (id === undefined) return
  const found = await viewer.payload.findByID({ collection: 'licenses', id, depth: 0, disableErrors: true, overrideAccess: true, req: viewer.req })
  if (!found) throw invalidInput(`Invalid SPDX license identifier: "${id}" is not one of the licenses this site offers (GET /v2/tag/license)`)
}

type Form = Awaited<ReturnType<typeof readMultipart>>
type NewProject = z.infer<typeof NewProjectData>

/**
 * labrinth's rules for the file parts of a new project (v3 project_creation.rs), with its words: the
 * `icon`, the parts `gallery_items` name, and the parts of `initial_versions`' `file_parts` — each
 * name once, every uploaded part named by one of them, every named part uploaded.
 */
function partsOfNewProject(form: Form, data: NewProject) {
  const owner = new Map<string, number>()
  const gallery = new Set<string>()
  for (const g of data.gallery_items) {
    if (gallery.has(g.item) || g.item === 'icon') throw invalidInput('Duplicate multipart field name')
    gallery.add(g.item)
  }
  data.initial_versions.forEach((v, i) => {
    for (const name of v.file_parts) {
      if (owner.has(name) || gallery.has(name) || name === 'icon') throw invalidInput('Duplicate multipart field name')
      owner.set(name, i)
    }
  })
  const stray = form.files.find((f) => f.field !== 'icon' && !owner.has(f.field) && !gallery.has(f.field))
  if (stray) throw invalidInput(`File \`${stray.filename}\` (field ${stray.field}) isn't specified in the versions data`)
  if ([...owner.keys()].some((name) => !form.files.some((f) => f.field === name))) throw invalidInput('Some files were specified in initial_versions but not uploaded')
  const missing = [...gallery].find((name) => !form.files.some((f) => f.field === name))
  if (missing) throw invalidInput(`The gallery item \`${missing}\` was not uploaded`)
  const galleryParts = data.gallery_items.map((g) => {
    const part = form.files.find((f) => f.field === g.item)!
    if (part.size > MAX_IMAGE_BYTES) throw invalidInput(`Gallery image \`${part.filename}\` exceeds the maximum of ${MAX_IMAGE_BYTES / (1 << 20)} MiB.`)
    return { part, mimetype: imageType(part.filename.split('.').pop() ?? ''), item: g }
  })
  return { versionFiles: data.initial_versions.map((v) => filesOfParts(form.files, v.file_parts, v.primary_file, v.file_types)), galleryParts }
}

export const createProject = defineRoute({
  method: 'POST', path: '/project', operationId: 'createProject', tag: TAG, summary: 'Create a project (a draft)',
  description: 'multipart/form-data: a `data` JSON part (`title`, `slug`, `description`, `project_type`, `body`, `categories`, `additional_categories`, `client_side`, `server_side`, `license_id` — one of the site’s licenses, links, `donation_urls`, `requested_status`, `initial_versions` — as for POST /version, without `project_id`, their files named by `file_parts`, `gallery_items` — `{ item, featured, title, description, ordering }`, each image in the part `item` names), an optional `icon` part, the versions’ files and the gallery images. The project starts as a draft; submit it once it is ready.',
  scopes: ['PROJECT_CREATE'], requiresAuth: true, response: Project,
  upload: { multipart: { data: NewProjectData, files: 'An optional `icon` part (PNG, JPEG, WebP or GIF, at most 5 MiB)' } },
  handler: async ({ viewer, request }) => {
    // The icon is held to its 5 MiB by storeIcon; version files to the version limit.
    const form = await readMultipart(request, { maxFileBytes: Math.max(MAX_IMAGE_BYTES, maxVersionFileBytes()), maxFiles: 1 + 10 + MAX_GALLERY_ITEMS })
    try {
      const parsed = NewProjectData.safeParse(dataPart(form))
      if (!parsed.success) throw invalidInput(describeIssues(parsed.error, 'body'))
      const data = parsed.data
      await checkLicense(viewer, data.license_id)
      const { versionFiles, galleryParts } = partsOfNewProject(form, data)
      const iconPart = form.files.find((f) => f.field === 'icon')
      const icon = iconPart ? await storeIcon(viewer, await readFile(iconPart.path), iconPart.filename.split('.').pop() ?? '', data.title) : null
      // labrinth applies the project's sides to each version, a version's `environment` over them; we keep one pair, on the project.
      const environment = data.initial_versions.find((v) => v.environment)?.environment
      const fields = { ...projectData(data), ...(environment ? sidesOf(environment) : {}), ...(icon ? { icon: icon.id } : {}) }
      let project = await viewer.payload.create({ collection: 'projects', data: fields as never, depth: 0, ...as(viewer) })
      try {
        for (const [i, v] of data.initial_versions.entries()) await createVersionWithFiles(viewer, versionDraft(project.id, v), versionFiles[i])
        for (const { part, mimetype, item } of galleryParts) {
          const bytes = await readFile(part.path)
          await addGalleryImage(viewer, project.id, { data: bytes, mimetype, name: part.filename, size: bytes.length }, { title: item.title, description: item.description, featured: item.featured, ordering: item.ordering })
        }
      } catch (error) {
        // All or nothing like labrinth's transaction: the system removes the half-made project (a token may create without deleting).
        await viewer.payload.delete({ collection: 'projects', id: project.id, overrideAccess: true }).catch((err: unknown) => viewer.payload.logger.error({ err, msg: `could not remove the half-made project ${project.id}` }))
        throw error
      }
      if (data.initial_versions.length) project = await viewer.payload.findByID({ collection: 'projects', id: project.id, depth: 0, ...as(viewer) })
      return (await legacyProjects(viewer, [project]))[0]
    } finally {
      await form.cleanup()
    }
  },
})

export const editProject = defineRoute({
  method: 'PATCH', path: '/project/{id}', operationId: 'modifyProject', tag: TAG, summary: 'Change a project',
  description: 'Each field needs its permission bit (details, body, …); `status: "processing"` submits the project for review once the publishing checklist passes.',
  params: idParam, scopes: ['PROJECT_WRITE'], requiresAuth: true, body: ProjectPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const project = await projectOf(viewer, params.id)
    await checkLicense(viewer, body.license_id)
    const data = projectData(body)
    if (Object.keys(data).length) await viewer.payload.update({ collection: 'projects', id: project.id, data: data as never, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteProject = defineRoute({
  method: 'DELETE', path: '/project/{id}', operationId: 'deleteProject', tag: TAG, summary: 'Delete a project with its versions and files',
  params: idParam, scopes: ['PROJECT_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const project = await projectOf(viewer, params.id)
    await viewer.payload.delete({ collection: 'projects', id: project.id, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const changeIcon = defineRoute({
  method: 'PATCH', path: '/project/{id}/icon', operationId: 'changeProjectIcon', tag: TAG, summary: 'Change the project’s icon',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type.',
  params: idParam, query: z.object({ ext: z.string().max(8) }), scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const project = await projectOf(viewer, params.id)
    const image = await storeIcon(viewer, await rawBody(request), query.ext, project.title)
    await viewer.payload.update({ collection: 'projects', id: project.id, data: { icon: image.id }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const deleteIcon = defineRoute({
  method: 'DELETE', path: '/project/{id}/icon', operationId: 'deleteProjectIcon', tag: TAG, summary: 'Remove the project’s icon',
  params: idParam, scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    const project = await projectOf(viewer, params.id)
    await viewer.payload.update({ collection: 'projects', id: project.id, data: { icon: null }, depth: 0, ...as(viewer) })
    return noContent()
  },
})

const follow = (method: 'POST' | 'DELETE') =>
  defineRoute({
    method, path: '/project/{id}/follow', operationId: method === 'POST' ? 'followProject' : 'unfollowProject', tag: TAG,
    summary: method === 'POST' ? 'Follow a project' : 'Stop following a project',
    params: idParam, scopes: ['USER_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
    handler: async ({ viewer, params }) => {
      const project = await projectOf(viewer, params.id)
      const where: Where = { and: [{ user: { equals: viewer.user!.id } }, { project: { equals: project.id } }] }
      const existing = await viewer.payload.count({ collection: 'follows', where, ...as(viewer) })
      if (method === 'POST') {
        if (existing.totalDocs > 0) throw invalidInput('You are already following this project!')
        await viewer.payload.create({ collection: 'follows', data: { user: viewer.user!.id, project: project.id }, depth: 0, ...as(viewer) })
      } else {
        if (existing.totalDocs === 0) throw invalidInput('You are not following this project!')
        await viewer.payload.delete({ collection: 'follows', where, depth: 0, ...as(viewer) })
      }
      return noContent()
    },
  })

const boolText = z.enum(['true', 'false']).transform((v) => v === 'true')
const GalleryQuery = {
  featured: boolText.optional(),
  title: z.string().max(255).optional(),
  description: z.string().max(2048).optional(),
  ordering: z.coerce.number().int().min(0).max(10_000).optional(),
}

/** The gallery image a labrinth client names by its URL (either size we answer with). */
async function galleryImageAt(viewer: Viewer, projectId: string, url: string) {
  const pathOf = (u: string | null) => {
    try {
      return u ? new URL(u, 'http://x').pathname : null
    } catch {
      return null
    }
  }
  const wanted = pathOf(url)
  const image = (await galleryOf(viewer, projectId)).find((g) => [imageUrl(g, 'large'), imageUrl(g)].some((u) => pathOf(u) === wanted))
  if (!image) throw invalidInput('There is no gallery image with this URL in the project')
  return image
}

export const addGallery = defineRoute({
  method: 'POST', path: '/project/{id}/gallery', operationId: 'addGalleryImage', tag: TAG, summary: 'Add a gallery image',
  description: 'The body is the image itself (PNG, JPEG, WebP or GIF, at most 5 MiB); `ext` names its type. `featured` unfeatures the others.',
  params: idParam, query: z.object({ ext: z.string().max(8), ...GalleryQuery, featured: boolText }), scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: IMAGE_BODY,
  handler: async ({ viewer, params, query, request }) => {
    const project = await projectOf(viewer, params.id)
    const mimetype = imageType(query.ext)
    const bytes = await rawBody(request)
    const image = await addGalleryImage(viewer, project.id, { data: bytes, mimetype, name: `gallery.${query.ext}`, size: bytes.length }, { title: query.title, description: query.description, featured: query.featured })
    if (query.ordering !== undefined) await updateGalleryImage(viewer, project.id, image.id, { ordering: query.ordering })
    return noContent()
  },
})

export const editGallery = defineRoute({
  method: 'PATCH', path: '/project/{id}/gallery', operationId: 'modifyGalleryImage', tag: TAG, summary: 'Change a gallery image (named by its URL)',
  params: idParam, query: z.object({ url: z.string().max(2048), ...GalleryQuery }), scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, query }) => {
    const project = await projectOf(viewer, params.id)
    const image = await galleryImageAt(viewer, project.id, query.url)
    await updateGalleryImage(viewer, project.id, image.id, { title: query.title, description: query.description, featured: query.featured, ordering: query.ordering })
    return noContent()
  },
})

export const deleteGallery = defineRoute({
  method: 'DELETE', path: '/project/{id}/gallery', operationId: 'deleteGalleryImage', tag: TAG, summary: 'Remove a gallery image (named by its URL)',
  params: idParam, query: z.object({ url: z.string().max(2048) }), scopes: ['PROJECT_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, query }) => {
    const project = await projectOf(viewer, params.id)
    await deleteGalleryImage(viewer, (await galleryImageAt(viewer, project.id, query.url)).id)
    return noContent()
  },
})

export const scheduleProjectRoute = defineRoute({
  method: 'POST', path: '/project/{id}/schedule', operationId: 'scheduleProject', tag: TAG, summary: 'Schedule a project’s release',
  description: 'An approved project (approved, archived, unlisted or private) becomes `scheduled` (seen only by its team) and takes `requested_status` (approved, archived, unlisted, private or draft) at `time`. Needs the EDIT_DETAILS bit.',
  params: idParam, scopes: ['PROJECT_WRITE'], requiresAuth: true, body: ScheduleData, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const request = { time: new Date(body.time), requestedStatus: body.requested_status }
    const problem = scheduleProblem('project', request)
    if (problem) throw invalidInput(problem)
    const project = await projectOf(viewer, params.id)
    await scheduleProject(viewer, project.id, request).catch((error: unknown) => {
      // labrinth's 401 with the rule's words ("You do not have permission to edit this …'s scheduling data!").
      const refusal = permissionRefusal(error)
      throw refusal ? unauthorized(refusal) : error
    })
    return noContent()
  },
})

/** A donation link's key, as labrinth keys link_urls by platform id. */
const donationKey = (d: { platform?: unknown }) => String(relationOf(d.platform))
const relationOf = (v: unknown) => (v && typeof v === 'object' && 'id' in v ? (v as { id: unknown }).id : v)

/** The bulk body applied to one project → the single PATCH's fields (labrinth `bulk_edit_project_categories`, link_urls). */
function bulkChanges(project: { categories?: string[] | null; additionalCategories?: string[] | null; donationUrls?: { platform?: unknown; url?: string | null }[] | null }, body: BulkProjectPatch) {
  const tags = (current: string[] | null | undefined, set?: string[], add?: string[], remove?: string[]) => {
    if (!set && !add && !remove) return undefined
    const next = new Set(set ?? current ?? [])
    for (const c of add ?? []) next.add(c)
    for (const c of remove ?? []) next.delete(c)
    return [...next]
  }
  const out: Record<string, unknown> = {}
  const categories = tags(project.categories, body.categories, body.add_categories, body.remove_categories)
  if (categories) {
    if (categories.length > 3) throw invalidInput('categories: at most 3 (add the rest as additional categories)')
    out.categories = categories
  }
  const additional = tags(project.additionalCategories, body.additional_categories, body.add_additional_categories, body.remove_additional_categories)
  if (additional) out.additionalCategories = additional
  if (body.donation_urls || body.add_donation_urls || body.remove_donation_urls) {
    // Setting replaces them all; then removals, then additions (labrinth's order).
    const links = new Map<string, string>(body.donation_urls ? [] : (project.donationUrls ?? []).map((d) => [donationKey(d), d.url ?? '']))
    for (const d of body.donation_urls ?? []) links.set(d.id, d.url)
    for (const d of body.remove_donation_urls ?? []) links.delete(d.id)
    for (const d of body.add_donation_urls ?? []) links.set(d.id, d.url)
    out.donationUrls = [...links].map(([platform, url]) => ({ platform, url }))
  }
  for (const [from, to] of [['issues_url', 'issuesUrl'], ['source_url', 'sourceUrl'], ['wiki_url', 'wikiUrl'], ['discord_url', 'discordUrl']] as const) {
    if (body[from] !== undefined) out[to] = body[from]
  }
  return out
}

export const bulkEditProjects = defineRoute({
  method: 'PATCH', path: '/projects', operationId: 'patchProjects', tag: TAG, summary: 'Change several projects at once',
  description: 'Tags (`categories`, `add_categories`, `remove_categories`, the same for `additional_categories`), `donation_urls` (set, `add_donation_urls`, `remove_donation_urls`) and `issues_url`, `source_url`, `wiki_url`, `discord_url` (null removes). Every listed project must be one the caller may edit the details of, or nothing changes.',
  query: z.object({ ids: jsonArrayParam(key, { example: '["AABBCCDD","my-mod"]', max: 100 }) }),
  queryDocs: { ids: 'Project ids and/or slugs, as a JSON array' },
  scopes: ['PROJECT_WRITE'], requiresAuth: true, body: BulkProjectPatch, responses: done,
  handler: async ({ viewer, query, body }) => {
    // labrinth checks every project before writing any: unknown or hidden is 400, a project the caller may not edit 401.
    const projects = []
    for (const id of [...new Set(query.ids)]) {
      const project = await getProjectByIdOrSlug(viewer, id)
      if (!project) throw invalidInput(`Project ${id} not found`)
      if (!((await projectPermissionsOn(viewer.req, project)) & ProjectPermissions.EDIT_DETAILS)) {
        throw unauthorized((await isOnTeam(viewer, project)) ? `You do not have the permissions to bulk edit project ${project.title}!` : `You are not a member of project ${project.title}!`)
      }
      projects.push({ project, data: bulkChanges(project, body) })
    }
    // Each write is the single PATCH's: as the caller, through the project collection's rules.
    for (const { project, data } of projects) {
      if (Object.keys(data).length) await viewer.payload.update({ collection: 'projects', id: project.id, data: data as never, depth: 0, ...as(viewer) })
    }
    return noContent()
  },
})

/** Following: the same in v2 and v3 (no body either way). */
export const followRoutes = [follow('POST'), follow('DELETE')]

export const projectWriteRoutes = [scheduleProjectRoute, createProject, editProject, bulkEditProjects, deleteProject, changeIcon, deleteIcon, ...followRoutes, addGallery, editGallery, deleteGallery]
