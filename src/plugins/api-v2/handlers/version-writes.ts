import { getProjectByIdOrSlug } from '../../../lib/data'
import { as, type Viewer } from '../../../lib/data/viewer'
import { maxVersionFileBytes } from '../../../lib/limits'
import { permissionRefusal, scheduleVersion } from '../../../lib/publishing/schedule'
import { scheduleProblem } from '../../../lib/publishing/scheduleRules'
import { addFilesToVersion, createVersionWithFiles, setPrimaryFile, type ReceivedFile } from '../../../lib/publishing/versionFiles'
import { invalidInput, itemNotFound, unauthorized } from '../http/errors'
import { dataPart, readMultipart, type Multipart, type UploadedPart } from '../http/multipart'
import { defineRoute } from '../http/route'
import { Version } from '../schemas/version'
import { sidesOf } from '../serializers/common'
import { AddFilesData, type InitialVersionData, NewVersionData, ScheduleData, toDependencies, VersionPatch } from '../schemas/versionWrite'
import { describeIssues } from '../http/input'
import { legacyVersions } from './assemble'

/*
 * The version write side (labrinth `routes/v2/version_creation.rs`, `versions.rs`): the same
 * collections and rules as the site's version form, with the caller as user. Uploads are
 * multipart: a `data` JSON part naming the file parts, and the files (streamed to disk).
 */
const TAG = 'versions'
const MAX_FILES = 10
const noContent = () => new Response(null, { status: 204 })
const done = { 204: { description: 'Done (no body)', empty: true } }
const notFound = { 404: { description: 'No such version, or the caller may not see it (empty body)', empty: true } }

function parse<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: import('zod').ZodError } }, value: unknown): T {
  const result = schema.safeParse(value)
  if (!result.success) throw invalidInput(describeIssues(result.error, 'body'))
  return result.data
}

/** The file parts the `data` names, with their primary flag and file type. */
function namedFiles(form: Multipart, parts: string[], primary: string | undefined, types: Record<string, string | null> | undefined): ReceivedFile[] {
  const unnamed = form.files.find((f) => !parts.includes(f.field))
  if (unnamed) throw invalidInput(`The file part "${unnamed.field}" is not named in "file_parts"`)
  return filesOfParts(form.files, parts, primary, types)
}

/** The sent parts `parts` names (each must have come), with their primary flag and file type. */
export function filesOfParts(sent: UploadedPart[], parts: string[], primary: string | undefined, types: Record<string, string | null> | undefined): ReceivedFile[] {
  const files = parts.map((name) => {
    const part = sent.find((f) => f.field === name)
    if (!part) throw invalidInput(`The file part "${name}" named in "file_parts" was not sent`)
    if (part.size === 0) throw invalidInput(`${part.filename}: the file is empty`)
    return { ...part, primary: false, fileType: (types?.[name] ?? null) as ReceivedFile['fileType'] }
  })
  const main = primary ? files.findIndex((f, i) => parts[i] === primary || f.filename === primary) : 0
  if (primary && main < 0) throw invalidInput(`"primary_file" names no file part that was sent`)
  return files.map((f, i) => ({ ...f, primary: i === main }))
}

async function versionOf(viewer: Viewer, id: string) {
  const version = await viewer.payload.findByID({ collection: 'versions', id, depth: 0, disableErrors: true, ...as(viewer) })
  if (!version) throw itemNotFound()
  return version
}

/** A version's data as the version collection names it. */
export const versionDraft = (projectId: string, data: NewVersionData | InitialVersionData) => ({
  project: projectId,
  versionNumber: data.version_number,
  name: data.name,
  changelog: data.changelog,
  versionType: data.version_type,
  gameVersions: data.game_versions,
  loaders: data.loaders,
  featured: data.featured,
  dependencies: toDependencies(data.dependencies),
  status: data.status,
})

/**
 * A version's `environment`: labrinth keeps it per version and derives the v2 project's side types
 * from it; we keep the side types on the project, so it sets them — as the caller, through the
 * project's own rules (PATCH /project's path). A member who may upload but not edit details keeps
 * the version, and the project keeps its sides (labrinth would change them).
 */
async function applyEnvironment(viewer: Viewer, projectId: string, environment: string) {
  await viewer.payload.update({ collection: 'projects', id: projectId, data: sidesOf(environment) as never, depth: 0, ...as(viewer) }).catch((error: unknown) => {
    if ((error as { status?: number }).status !== 403) throw error
  })
}

export const createVersion = defineRoute({
  method: 'POST', path: '/version', operationId: 'createVersion', tag: TAG, summary: 'Create a version with its files',
  description: 'multipart/form-data: a `data` JSON part (`project_id`, `version_number`, `name`, `changelog`, `dependencies`, `game_versions`, `version_type`, `loaders`, `featured`, `status`, `file_parts`, `primary_file`, `file_types`, `environment` — which sets the project’s side types) and one part per file named in `file_parts`. All or nothing: a refused file leaves no version behind.',
  scopes: ['VERSION_CREATE'], requiresAuth: true, response: Version,
  upload: { multipart: { data: NewVersionData, files: 'One part per file, named as in `file_parts` (each at most MAX_VERSION_FILE_MB)' } },
  handler: async ({ viewer, request }) => {
    const form = await readMultipart(request, { maxFileBytes: maxVersionFileBytes(), maxFiles: MAX_FILES })
    try {
      const data = parse(NewVersionData, dataPart(form))
      const files = namedFiles(form, data.file_parts, data.primary_file, data.file_types)
      // A slug the caller can see becomes its id; anything else goes to the rules as given (they answer 404 alike).
      const projectId = (await getProjectByIdOrSlug(viewer, data.project_id))?.id ?? data.project_id
      const version = await createVersionWithFiles(viewer, versionDraft(projectId, data), files)
      if (data.environment) await applyEnvironment(viewer, projectId, data.environment)
      return (await legacyVersions(viewer, [version.id], { includeChangelog: true }))[0]
    } finally {
      await form.cleanup()
    }
  },
})

export const addVersionFiles = defineRoute({
  method: 'POST', path: '/version/{id}/file', operationId: 'addFilesToVersion', tag: TAG, summary: 'Add files to a version',
  description: 'multipart/form-data: an optional `data` JSON part (`file_types`) and the files. All or nothing.',
  params: { id: 'The version id' }, scopes: ['VERSION_WRITE'], requiresAuth: true, responses: { ...done, ...notFound },
  upload: { multipart: { data: AddFilesData, dataRequired: false, files: 'The files to add, one part each' } },
  handler: async ({ viewer, params, request }) => {
    await versionOf(viewer, params.id)
    const form = await readMultipart(request, { maxFileBytes: maxVersionFileBytes(), maxFiles: MAX_FILES })
    try {
      const data = parse(AddFilesData, form.fields.data === undefined ? {} : dataPart(form))
      if (form.files.length === 0) throw invalidInput('Send at least one file')
      const files = namedFiles(form, form.files.map((f) => f.field), undefined, data.file_types).map((f) => ({ ...f, primary: false }))
      await addFilesToVersion(viewer, params.id, files)
      return noContent()
    } finally {
      await form.cleanup()
    }
  },
})

export const editVersion = defineRoute({
  method: 'PATCH', path: '/version/{id}', operationId: 'modifyVersion', tag: TAG, summary: 'Change a version',
  params: { id: 'The version id' }, scopes: ['VERSION_WRITE'], requiresAuth: true, body: VersionPatch, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    await versionOf(viewer, params.id)
    const data = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.version_number !== undefined ? { versionNumber: body.version_number } : {}),
      ...(body.changelog !== undefined ? { changelog: body.changelog } : {}),
      ...(body.version_type !== undefined ? { versionType: body.version_type } : {}),
      ...(body.dependencies !== undefined ? { dependencies: toDependencies(body.dependencies) } : {}),
      ...(body.game_versions !== undefined ? { gameVersions: body.game_versions } : {}),
      ...(body.loaders !== undefined ? { loaders: body.loaders } : {}),
      ...(body.featured !== undefined ? { featured: body.featured } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    }
    if (Object.keys(data).length) await viewer.payload.update({ collection: 'versions', id: params.id, data, depth: 0, ...as(viewer) })
    const byHash = async (algorithm: 'sha1' | 'sha512', hash: string) => {
      const file = (await viewer.payload.find({ collection: 'version-files', where: { and: [{ version: { equals: params.id } }, { [algorithm]: { equals: hash.toLowerCase() } }] }, limit: 1, depth: 0, ...as(viewer) })).docs[0]
      if (!file) throw invalidInput(`This version has no file with ${algorithm} ${hash}`)
      return file
    }
    for (const t of body.file_types ?? []) {
      const file = await byHash(t.algorithm, t.hash)
      await viewer.payload.update({ collection: 'version-files', id: file.id, data: { fileType: t.file_type }, depth: 0, ...as(viewer) })
    }
    if (body.primary_file) await setPrimaryFile(viewer, params.id, (await byHash(body.primary_file[0], body.primary_file[1])).id)
    return noContent()
  },
})

export const deleteVersionRoute = defineRoute({
  method: 'DELETE', path: '/version/{id}', operationId: 'deleteVersion', tag: TAG, summary: 'Delete a version and its files',
  params: { id: 'The version id' }, scopes: ['VERSION_DELETE'], requiresAuth: true, responses: { ...done, ...notFound },
  handler: async ({ viewer, params }) => {
    await versionOf(viewer, params.id)
    await viewer.payload.delete({ collection: 'versions', id: params.id, depth: 0, ...as(viewer) })
    return noContent()
  },
})

export const scheduleVersionRoute = defineRoute({
  method: 'POST', path: '/version/{id}/schedule', operationId: 'scheduleVersion', tag: TAG, summary: 'Schedule a version’s release',
  description: 'The version becomes `scheduled` (seen only by its team) and takes `requested_status` (listed, archived, draft or unlisted) at `time`, which becomes its publication date. Needs the EDIT_DETAILS bit on the project.',
  params: { id: 'The version id' }, scopes: ['VERSION_WRITE'], requiresAuth: true, body: ScheduleData, responses: { ...done, ...notFound },
  handler: async ({ viewer, params, body }) => {
    const request = { time: new Date(body.time), requestedStatus: body.requested_status }
    // labrinth's order: the request itself first, then the version, then the caller's bits (the rules).
    const problem = scheduleProblem('version', request)
    if (problem) throw invalidInput(problem)
    await versionOf(viewer, params.id)
    await scheduleVersion(viewer, params.id, request).catch((error: unknown) => {
      // labrinth's 401 with the rule's words ("You do not have permission to edit this …'s scheduling data!").
      const refusal = permissionRefusal(error)
      throw refusal ? unauthorized(refusal) : error
    })
    return noContent()
  },
})

export const versionWriteRoutes = [createVersion, addVersionFiles, editVersion, deleteVersionRoute, scheduleVersionRoute]
