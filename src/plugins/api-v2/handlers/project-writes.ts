import { readFile } from 'node:fs/promises'

import type { Where } from 'payload'
import { z } from 'zod'

import { getProjectByIdOrSlug } from '../../../lib/data'
import { imageUrl } from '../../../lib/data/page-project'
import { as, type Viewer } from '../../../lib/data/viewer'
import { MAX_IMAGE_BYTES } from '../../../lib/limits'
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
import { NewProjectData, projectData, ProjectPatch } from '../schemas/projectWrite'
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

export const createProject = defineRoute({
  method: 'POST', path: '/project', operationId: 'createProject', tag: TAG, summary: 'Create a project (a draft)',
  description: 'multipart/form-data: a `data` JSON part (`title`, `slug`, `description`, `project_type`, `body`, `categories`, `additional_categories`, `client_side`, `server_side`, `license_id`, links, `donation_urls`, `requested_status`) and an optional `icon` part. The project starts as a draft; add versions with POST /version, then submit it.',
  scopes: ['PROJECT_CREATE'], requiresAuth: true, response: Project,
  upload: { multipart: { data: NewProjectData, files: 'An optional `icon` part (PNG, JPEG, WebP or GIF, at most 5 MiB)' } },
  handler: async ({ viewer, request }) => {
    const form = await readMultipart(request, { maxFileBytes: MAX_IMAGE_BYTES, maxFiles: 1 })
    try {
      const parsed = NewProjectData.safeParse(dataPart(form))
      if (!parsed.success) throw invalidInput(describeIssues(parsed.error, 'body'))
      const iconPart = form.files.find((f) => f.field === 'icon')
      const icon = iconPart ? await storeIcon(viewer, await readFile(iconPart.path), iconPart.filename.split('.').pop() ?? '', parsed.data.title) : null
      const project = await viewer.payload.create({ collection: 'projects', data: { ...projectData(parsed.data), ...(icon ? { icon: icon.id } : {}) } as never, depth: 0, ...as(viewer) })
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

/** Following: the same in v2 and v3 (no body either way). */
export const followRoutes = [follow('POST'), follow('DELETE')]

export const projectWriteRoutes = [scheduleProjectRoute, createProject, editProject, deleteProject, changeIcon, deleteIcon, ...followRoutes, addGallery, editGallery, deleteGallery]
