import { z } from 'zod'

import { projectPermissionsById } from '../../../access/core/memberships'
import { hasBits, ProjectPermissions as P } from '../../../access/core/permissions'
import { getProjectsByIds, versionFileUrl, type Viewer } from '../../../lib/data'
import { as } from '../../../lib/data/viewer'
import { invalidInput, itemNotFound, unauthorized } from '../http/errors'
import { defineRoute } from '../http/route'
import { algorithmParam, HASH_ALGORITHMS, MAX_HASHES, MAX_IDS, text, versionType, type HashAlgorithm } from '../schemas/common'
import { HashProjectMap, HashVersionMap, HashVersionsMap, Version } from '../schemas/version'
import { legacyProjects, legacyVersions } from './assemble'
import { latestVersionIds, visibleFilesByHashes, type HashedFile } from './version-files-read'

const TAG = 'version files'
const HEX_LENGTH: Record<HashAlgorithm, number> = { sha1: 40, sha512: 128 }
const notFound = { 404: { description: 'No visible file has this hash (empty body)', empty: true } }

const shorten = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 12)}…` : hash)

/**
 * The algorithm (given, or told by the first hash's length: 40 hex characters → sha1, 128 → sha512)
 * and the hashes in lower case. Anything else is a 400 saying exactly what is wrong.
 */
export function resolveHashes(hashes: string[], algorithm?: string): { algorithm: HashAlgorithm; hashes: string[] } {
  const lower = hashes.map((h) => h.trim().toLowerCase())
  let algo: HashAlgorithm
  if (algorithm !== undefined) {
    if (!(HASH_ALGORITHMS as readonly string[]).includes(algorithm)) {
      throw invalidInput(`Unknown hash algorithm "${algorithm}": use sha1 or sha512`)
    }
    algo = algorithm as HashAlgorithm
  } else if (lower.length === 0) {
    return { algorithm: 'sha1', hashes: [] }
  } else {
    const first = lower[0]
    const inferred = (Object.keys(HEX_LENGTH) as HashAlgorithm[]).find((a) => HEX_LENGTH[a] === first.length)
    if (!inferred) {
      throw invalidInput(`Cannot tell the hash algorithm from a ${first.length}-character hash: sha1 hashes have 40 hex characters and sha512 hashes 128 (or pass "algorithm")`)
    }
    algo = inferred
  }
  for (const h of lower) {
    if (h.length !== HEX_LENGTH[algo] || !/^[0-9a-f]+$/.test(h)) {
      throw invalidInput(`"${shorten(h)}" is not a ${algo} hash: a ${algo} hash is ${HEX_LENGTH[algo]} hexadecimal characters`)
    }
  }
  return { algorithm: algo, hashes: lower }
}

/** Visible files by hash (one statement for the batch), and the ids of their (equally visible) versions. */
async function filesForHashes(viewer: Viewer, algorithm: HashAlgorithm, hashes: string[], versionId?: string) {
  const files = await visibleFilesByHashes(viewer, algorithm, hashes, versionId)
  return { files, versionIds: [...new Set([...files.values()].map((f) => f.version))] }
}

const fileHashQuery = z.object({
  algorithm: algorithmParam.optional(),
  version_id: text(64).optional(),
  // Sent by some clients (modrinthjs); labrinth ignores it, so do we.
  multiple: text(16).optional(),
})
const fileHashQueryDocs = {
  algorithm: 'sha1 or sha512; told from the hash length when left out',
  version_id: 'Only a file of this version (when the same file is in several versions)',
}

async function fileForHash(viewer: Viewer, hash: string, query: z.infer<typeof fileHashQuery>): Promise<HashedFile> {
  const resolved = resolveHashes([hash], query.algorithm)
  const file = (await visibleFilesByHashes(viewer, resolved.algorithm, resolved.hashes, query.version_id)).get(resolved.hashes[0])
  if (!file) throw itemNotFound()
  return file
}

export const versionFromHash = defineRoute({
  method: 'GET', path: '/version_file/{hash}', operationId: 'versionFromHash', tag: TAG, summary: 'Get the version of a file by its hash',
  params: { hash: 'The sha1 or sha512 hash of the file, in hexadecimal' },
  query: fileHashQuery, queryDocs: fileHashQueryDocs,
  scopes: ['VERSION_READ'], response: Version, responses: notFound,
  handler: async ({ viewer, params, query }) => {
    const file = await fileForHash(viewer, params.hash, query)
    const [version] = await legacyVersions(viewer, [file.version])
    if (!version) throw itemNotFound()
    return version
  },
})

export const downloadFromHash = defineRoute({
  method: 'GET', path: '/version_file/{hash}/download', operationId: 'downloadVersionFromHash', tag: TAG, summary: 'Download a file by its hash',
  description: 'Redirects (302) to the file.',
  params: { hash: 'The sha1 or sha512 hash of the file, in hexadecimal' },
  query: fileHashQuery, queryDocs: fileHashQueryDocs,
  scopes: ['VERSION_READ'],
  responses: { 302: { description: 'Redirect to the file', headers: { Location: 'The file URL' } }, ...notFound },
  handler: async ({ viewer, params, query }) => {
    const file = await fileForHash(viewer, params.hash, query)
    if (!file.filename) throw itemNotFound()
    return new Response(null, { status: 302, headers: { Location: versionFileUrl(file.filename) } })
  },
})

export const deleteFileFromHash = defineRoute({
  method: 'DELETE', path: '/version_file/{hash}', operationId: 'deleteFileFromHash', tag: TAG, summary: 'Delete a file of a version by its hash',
  description: "Needs the DELETE_VERSION bit on the project. A version's only file cannot be deleted (delete the version instead); when the primary file goes, the oldest remaining file becomes primary.",
  params: { hash: 'The sha1 or sha512 hash of the file, in hexadecimal' },
  query: fileHashQuery, queryDocs: fileHashQueryDocs,
  scopes: ['VERSION_WRITE'], requiresAuth: true,
  responses: { 204: { description: 'Deleted (no body)', empty: true }, ...notFound },
  handler: async ({ viewer, params, query }) => {
    const file = await fileForHash(viewer, params.hash, query)
    // labrinth's order: the caller's bits, then the version's last file.
    if (!hasBits(await projectPermissionsById(viewer.req, file.project), P.DELETE_VERSION)) throw unauthorized("You don't have permission to delete this file!")
    const siblings = await viewer.payload.find({ collection: 'version-files', where: { version: { equals: file.version } }, sort: 'createdAt', pagination: false, depth: 0, ...as(viewer), select: { primary: true } })
    if (siblings.docs.length < 2) throw invalidInput('Versions must have at least one file uploaded to them')
    const wasPrimary = siblings.docs.some((f) => f.id === file.id && f.primary)
    await viewer.payload.delete({ collection: 'version-files', id: file.id, depth: 0, ...as(viewer) })
    const next = siblings.docs.find((f) => f.id !== file.id)
    // The version keeps a primary file: a consequence of the delete the caller was allowed, made by the system.
    if (wasPrimary && next) await viewer.payload.update({ collection: 'version-files', id: next.id, data: { primary: true }, depth: 0, overrideAccess: true, req: viewer.req })
    return new Response(null, { status: 204 })
  },
})

const hashList = z.array(text(256)).max(MAX_HASHES, { error: `at most ${MAX_HASHES} hashes` })
const stringList = z.array(text(256)).max(MAX_IDS)

export const HashListBody = z.object({ hashes: hashList, algorithm: algorithmParam.optional() })
export const UpdateBody = z.object({ loaders: stringList.optional(), game_versions: stringList.optional(), version_types: z.array(versionType).optional() })
export const ManyUpdateBody = HashListBody.extend(UpdateBody.shape)

const filterOf = (b: z.infer<typeof UpdateBody>) => ({ loaders: b.loaders, gameVersions: b.game_versions, versionTypes: b.version_types })

export const versionsFromHashes = defineRoute({
  method: 'POST', path: '/version_files', operationId: 'versionsFromHashes', tag: TAG, summary: 'Get the versions of many files by their hashes',
  description: 'A map from each hash found to its version; hashes of unknown or hidden files are left out.',
  body: HashListBody, scopes: ['VERSION_READ'], response: HashVersionMap,
  handler: async ({ viewer, body }) => {
    const { algorithm, hashes } = resolveHashes(body.hashes, body.algorithm)
    const { files, versionIds } = await filesForHashes(viewer, algorithm, hashes)
    const serialized = new Map((await legacyVersions(viewer, versionIds)).map((v) => [v.id, v]))
    const out: Record<string, unknown> = {}
    for (const [hash, file] of files) {
      const version = serialized.get(file.version)
      if (version) out[hash] = version
    }
    return out
  },
})

export const projectsFromHashes = defineRoute({
  method: 'POST', path: '/version_file/project', operationId: 'projectsFromHashes', tag: TAG, summary: 'Get the projects of many files by their hashes',
  body: HashListBody, scopes: ['PROJECT_READ', 'VERSION_READ'], response: HashProjectMap,
  handler: async ({ viewer, body }) => {
    const { algorithm, hashes } = resolveHashes(body.hashes, body.algorithm)
    const { files } = await filesForHashes(viewer, algorithm, hashes)
    const projects = await legacyProjects(viewer, await getProjectsByIds(viewer, [...new Set([...files.values()].map((f) => f.project))]))
    const byId = new Map(projects.map((p) => [p.id, p]))
    const out: Record<string, unknown> = {}
    for (const [hash, file] of files) {
      const project = byId.get(file.project)
      if (project) out[hash] = project
    }
    return out
  },
})

/**
 * For each hash, the newest version of its project matching the filter: three statements for the
 * whole batch (files by hash, newest version per project, those versions with their files).
 */
async function updatesFor(viewer: Viewer, body: z.infer<typeof ManyUpdateBody>) {
  const { algorithm, hashes } = resolveHashes(body.hashes, body.algorithm)
  const { files } = await filesForHashes(viewer, algorithm, hashes)
  const latest = await latestVersionIds(viewer, [...files.values()].map((f) => f.project), filterOf(body))
  const serialized = new Map((await legacyVersions(viewer, [...latest.values()])).map((v) => [v.project_id, v]))
  const projectOf = (file: HashedFile) => file.project
  return { files, serialized, projectOf }
}

export const updateFromHash = defineRoute({
  method: 'POST', path: '/version_file/{hash}/update', operationId: 'getLatestVersionFromHash', tag: TAG,
  summary: "Get the newest version of a file's project",
  description: 'Among the listed versions of the project the file belongs to: any of `loaders`, any of `game_versions`, any of `version_types` (a missing or empty list does not filter).',
  params: { hash: 'The sha1 or sha512 hash of the file, in hexadecimal' },
  query: z.object({ algorithm: algorithmParam.optional() }), queryDocs: { algorithm: fileHashQueryDocs.algorithm },
  body: UpdateBody, scopes: ['VERSION_READ'], response: Version,
  responses: { 404: { description: 'No visible file has this hash, or no version matches (empty body)', empty: true } },
  handler: async ({ viewer, params, query, body }) => {
    const { files, serialized, projectOf } = await updatesFor(viewer, { ...body, hashes: [params.hash], algorithm: query.algorithm })
    const file = [...files.values()][0]
    const version = file && serialized.get(projectOf(file) ?? '')
    if (!version) throw itemNotFound()
    return version
  },
})

export const updatesFromHashes = defineRoute({
  method: 'POST', path: '/version_files/update', operationId: 'getLatestVersionsFromHashes', tag: TAG,
  summary: "Get the newest versions of many files' projects",
  description: 'A map from each hash found to the newest matching version of its project.',
  body: ManyUpdateBody, scopes: ['VERSION_READ'], response: HashVersionMap,
  handler: async ({ viewer, body }) => {
    const { files, serialized, projectOf } = await updatesFor(viewer, body)
    const out: Record<string, unknown> = {}
    for (const [hash, file] of files) {
      const version = serialized.get(projectOf(file) ?? '')
      if (version) out[hash] = version
    }
    return out
  },
})

export const updatesManyFromHashes = defineRoute({
  method: 'POST', path: '/version_files/update_many', operationId: 'getLatestVersionsFromHashesMany', tag: TAG,
  summary: "Get the newest versions of many files' projects, as lists",
  description: 'As `/version_files/update`, with a list per hash (labrinth `update_many`).',
  body: ManyUpdateBody, scopes: ['VERSION_READ'], response: HashVersionsMap,
  handler: async ({ viewer, body }) => {
    const { files, serialized, projectOf } = await updatesFor(viewer, body)
    const out: Record<string, unknown[]> = {}
    for (const [hash, file] of files) {
      const version = serialized.get(projectOf(file) ?? '')
      if (version) out[hash] = [version]
    }
    return out
  },
})

export const IndividualUpdateBody = z.object({
  hashes: z.array(UpdateBody.extend({ hash: text(256) })).max(MAX_HASHES, { error: `at most ${MAX_HASHES} hashes` }),
  algorithm: algorithmParam.optional(),
})

export const updatesIndividualFromHashes = defineRoute({
  method: 'POST', path: '/version_files/update_individual', operationId: 'getLatestVersionsFromHashesIndividual', tag: TAG,
  summary: "Get the newest versions of many files' projects, each with its own filter",
  description: 'As `/version_files/update`, with `loaders`, `game_versions` and `version_types` given per hash (labrinth `update_individual`, which older Modrinth App builds call).',
  body: IndividualUpdateBody, scopes: ['VERSION_READ'], response: HashVersionMap,
  handler: async ({ viewer, body }) => {
    const { algorithm, hashes } = resolveHashes(body.hashes.map((h) => h.hash), body.algorithm)
    const { files } = await filesForHashes(viewer, algorithm, hashes)
    // One newest-version read per distinct filter (a launcher sends the same one for most files).
    const groups = new Map<string, { filter: z.infer<typeof UpdateBody>; hashes: string[] }>()
    body.hashes.forEach((entry, i) => {
      const filter = { loaders: entry.loaders, game_versions: entry.game_versions, version_types: entry.version_types }
      const key = JSON.stringify(filter)
      const group = groups.get(key) ?? groups.set(key, { filter, hashes: [] }).get(key)!
      group.hashes.push(hashes[i])
    })
    const newest = new Map<string, string>()
    for (const { filter, hashes: group } of groups.values()) {
      const found = group.map((h) => files.get(h)).filter((f): f is HashedFile => !!f)
      const latest = await latestVersionIds(viewer, found.map((f) => f.project), filterOf(filter))
      for (const h of group) {
        const id = latest.get(files.get(h)?.project ?? '')
        if (id) newest.set(h, id)
      }
    }
    const serialized = new Map((await legacyVersions(viewer, [...new Set(newest.values())])).map((v) => [v.id, v]))
    const out: Record<string, unknown> = {}
    for (const [hash, id] of newest) {
      const version = serialized.get(id)
      if (version) out[hash] = version
    }
    return out
  },
})

export const versionFileRoutes = [versionFromHash, downloadFromHash, deleteFileFromHash, versionsFromHashes, projectsFromHashes, updateFromHash, updatesFromHashes, updatesManyFromHashes, updatesIndividualFromHashes]
