import { open } from 'node:fs/promises'

import { FileProblem } from '../servers/fileErrors'
import type { ServerManager } from '../servers/manager'
import { contentDisposition, MAX_CHUNK_BYTES } from './fileRoutes'
import type { Route, RouteResult } from './routes'
import { backupBody, backupImportQuery, parse } from './schemas'

const ok = (body: unknown, status = 200): RouteResult => ({ status, body })

/** A download's file name: `<server>-<name or uuid>.tar.gz`, no folder separators. */
const downloadName = (server: string, label: string) => `${server}-${label.replace(/[/\\]/g, '_')}.tar.gz`

/** The backup API's routes (described in src/agent/server.ts); the work is src/agent/servers/backups.ts's. */
export function backupRoutes(manager: ServerManager): Record<string, Record<string, Route>> {
  const { backups } = manager
  return {
    '/servers/:id/backups': {
      GET: async ({ id }) => {
        manager.require(id)
        return ok({ backups: backups.list(id) })
      },
      POST: async ({ id, body }) => {
        const input = parse(backupBody, body)
        return ok({ backup: await backups.create(manager.require(id), input) }, 202)
      },
    },
    '/servers/:id/backups/:uuid': {
      DELETE: async ({ id, uuid }) => {
        manager.require(id)
        await backups.delete(id, uuid)
        return ok({ deleted: true })
      },
    },
    '/servers/:id/backups/:uuid/cancel': {
      POST: async ({ id, uuid }) => {
        manager.require(id)
        await backups.cancel(id, uuid)
        return ok({ cancelled: true })
      },
    },
    '/servers/:id/backups/:uuid/restore': {
      POST: async ({ id, uuid }) => ok({ backup: await backups.restore(manager.require(id), uuid) }, 202),
    },
    '/servers/:id/backups/:uuid/import': {
      PUT: {
        raw: true,
        maxBodyBytes: MAX_CHUNK_BYTES,
        handler: async ({ id, uuid, query, raw }) => {
          manager.require(id)
          const q = parse(backupImportQuery, Object.fromEntries(query))
          return ok(await backups.imports.receive({ id, uuid, size: q.size, offset: q.offset, sha256: q.sha256, name: q.name, createdAt: q.created_at, chunk: raw }))
        },
      },
    },
    '/servers/:id/backups/:uuid/download': {
      GET: async ({ id, uuid }) => {
        manager.require(id)
        const { file, record } = backups.archive(id, uuid)
        // Held open: a delete meanwhile does not cut the download short.
        const handle = await open(file, 'r').catch(() => null)
        if (!handle) throw new FileProblem(404, 'not_found', `Backup ${uuid}'s archive is no longer on the node.`)
        const { size } = await handle.stat()
        const headers = {
          'content-type': 'application/gzip',
          'content-length': String(size),
          'content-disposition': contentDisposition(downloadName(id, record.name ?? record.uuid)),
          'x-checksum-sha256': record.sha256 ?? '',
        }
        return { status: 200, headers, stream: handle.createReadStream({ start: 0, end: Math.max(0, size - 1) }) }
      },
    },
  }
}
