import { Readable } from 'node:stream'

import { compress } from '../servers/archives'
import { extract } from '../servers/archiveExtract'
import { type Dir, inServerFolder, requestSegments } from '../servers/confinedDir'
import { fileSystemProblem } from '../servers/fileErrors'
import { hashFolder } from '../servers/fileHashes'
import { deletePaths, listFolder, makeFolder, movePath, openRegularFile, readText, writeText } from '../servers/fileSystem'
import { ServerConflict } from '../servers/managedServer'
import type { ServerManager } from '../servers/manager'
import type { Quota } from '../servers/storageQuota'
import type { Route, RouteResult } from './routes'
import { compressBody, deleteBody, parse, pathBody, pathQuery, renameBody, uploadChunkQuery, uploadQuery, writeBody } from './schemas'

/** An upload chunk's limit; every other request stays within MAX_BODY_BYTES but a saved file's. */
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024
/** A file saved from the editor (up to 1 MiB of text, escaped in JSON). */
export const MAX_SAVE_BYTES = 8 * 1024 * 1024

const ok = (body: unknown, status = 200): RouteResult => ({ status, body })
const shown = (segments: readonly string[]) => segments.join('/')

/** `attachment` with the name, and RFC 5987's `filename*` when it is not plain ASCII. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  if (fallback === name) return `attachment; filename="${name}"`
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** The file API's routes (described in src/agent/server.ts): one server's folder, whatever the game's state. */
export function fileRoutes(manager: ServerManager): Record<string, Record<string, Route>> {
  /** Works in server `id`'s folder (404 when there is no such server) with its storage quota. */
  async function inFolder<T>(id: string, work: (root: Dir, quota: Quota) => Promise<T>): Promise<T> {
    const server = manager.require(id)
    // The folder is about to be replaced: what would be read is going, what would be written lost.
    if (manager.backups.restoring(id)) throw new ServerConflict('A backup is being restored; try again once it is done.')
    const quota = manager.storage.quota(id, server.record.plan.storage_mb)
    try {
      return await inServerFolder(server.dir, (root) => work(root, quota))
    } catch (err) {
      throw fileSystemProblem(err) ?? err
    }
  }
  const queryOf = (query: URLSearchParams) => Object.fromEntries(query)

  return {
    '/servers/:id/files': {
      GET: async ({ id, query }) => {
        const segments = requestSegments(parse(pathQuery, queryOf(query)).path)
        return ok({ path: shown(segments), entries: await inFolder(id, (root) => listFolder(root, segments)) })
      },
    },
    '/servers/:id/files/hashes': {
      GET: async ({ id, query }) => {
        const segments = requestSegments(parse(pathQuery, queryOf(query)).path)
        const { files, truncated } = await inFolder(id, (root) => hashFolder(root, segments, manager.hashes, id))
        return ok({ path: shown(segments), files, ...(truncated ? { truncated } : {}) })
      },
    },
    '/servers/:id/files/contents': {
      GET: async ({ id, query }) => {
        const segments = requestSegments(parse(pathQuery, queryOf(query)).path)
        return ok({ path: shown(segments), ...(await inFolder(id, (root) => readText(root, segments))) })
      },
      PUT: {
        raw: false,
        maxBodyBytes: MAX_SAVE_BYTES,
        handler: async ({ id, body }) => {
          const { path, content } = parse(writeBody, body)
          const segments = requestSegments(path)
          return ok({ path: shown(segments), ...(await inFolder(id, (root, quota) => writeText(root, segments, content, quota))) })
        },
      },
    },
    '/servers/:id/files/folder': {
      POST: async ({ id, body }) => {
        const segments = requestSegments(parse(pathBody, body).path)
        await inFolder(id, (root) => makeFolder(root, segments))
        return ok({ path: shown(segments) }, 201)
      },
    },
    '/servers/:id/files/rename': {
      POST: async ({ id, body }) => {
        const { from, to } = parse(renameBody, body)
        const [source, target] = [requestSegments(from), requestSegments(to)]
        await inFolder(id, (root) => movePath(root, source, target))
        return ok({ path: shown(target) })
      },
    },
    '/servers/:id/files/delete': {
      POST: async ({ id, body }) => {
        const paths = parse(deleteBody, body).paths.map(requestSegments)
        try {
          return ok({ deleted: await inFolder(id, (root) => deletePaths(root, paths)) })
        } finally {
          manager.storage.forget(id)
        }
      },
    },
    '/servers/:id/files/compress': {
      POST: async ({ id, body }) => {
        const { paths, directory } = parse(compressBody, body)
        const items = paths.map(requestSegments)
        const base = directory === undefined || directory === null ? undefined : requestSegments(directory)
        return ok({ path: shown(await inFolder(id, (root, quota) => compress(root, quota, items, base))) }, 201)
      },
    },
    '/servers/:id/files/decompress': {
      POST: async ({ id, body }) => {
        const segments = requestSegments(parse(pathBody, body).path)
        const { folder, extracted, skipped } = await inFolder(id, (root, quota) => extract(root, quota, segments))
        return ok({ path: shown(folder), extracted, skipped })
      },
    },
    '/servers/:id/files/download': {
      GET: async ({ id, query }) => {
        const segments = requestSegments(parse(pathQuery, queryOf(query)).path)
        const { handle, stat } = await inFolder(id, (root) => openRegularFile(root, segments))
        // Exactly the bytes the length announces, from the handle opened without following a link.
        let stream: Readable
        if (stat.size > 0) stream = handle.createReadStream({ start: 0, end: stat.size - 1 })
        else {
          await handle.close()
          stream = Readable.from([])
        }
        const headers = {
          'content-type': 'application/octet-stream',
          'content-length': String(stat.size),
          'content-disposition': contentDisposition(segments[segments.length - 1] ?? 'file'),
          'last-modified': stat.mtime.toUTCString(),
        }
        return { status: 200, headers, stream }
      },
    },
    '/servers/:id/files/upload': {
      GET: async ({ id, query }) => {
        const { path, size } = parse(uploadQuery, queryOf(query))
        manager.require(id)
        return ok({ offset: await manager.uploads.received(id, requestSegments(path), size) })
      },
      PUT: {
        raw: true,
        maxBodyBytes: MAX_CHUNK_BYTES,
        handler: async ({ id, query, raw }) => {
          const { path, size, offset } = parse(uploadChunkQuery, queryOf(query))
          const segments = requestSegments(path)
          return ok(await inFolder(id, (root, quota) => manager.uploads.receive(root, quota, { id, segments, size, offset, chunk: raw })))
        },
      },
      DELETE: async ({ id, query }) => {
        const { path, size } = parse(uploadQuery, queryOf(query))
        manager.require(id)
        await manager.uploads.cancel(id, requestSegments(path), size)
        manager.storage.forget(id)
        return ok({ cancelled: true })
      },
    },
  }
}
