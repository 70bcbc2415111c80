import config from '@payload-config'
import { strToU8, zipSync } from 'fflate'
import { getPayload } from 'payload'

import { countDownload } from '../analytics/count'
import { userOf } from '../auth/request'
import { collectionExportOptions, planCollectionExport } from '../data/collectionExport'
import { viewerFor } from '../data/viewer'
import { contentDisposition } from '../files/downloadHeaders'
import { openVersionFile } from '../files/storedFile'
import { zipStream } from '../files/zipStream'
import { clientAddress } from '../http/clientAddress'
import { buildModpackIndex, exportFilename, packPath, parseExportChoice } from './modpack'

type Ctx = { params: Promise<{ id: string }> }
const text = (body: string, status: number) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store' } })

/** The collection and the export choice of a request, as its viewer may see them. */
async function prepare(request: Request, ctx: Ctx) {
  const payload = await getPayload({ config })
  const viewer = await viewerFor(payload, await userOf(payload, request.headers))
  const options = await collectionExportOptions(viewer, decodeURIComponent((await ctx.params).id))
  if (!options) return { error: text('Collection not found', 404) }
  const parsed = parseExportChoice(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.ok) return { error: text(`Choose a game version${parsed.errors.includes('loaderVersion') ? ' and the loader version' : ''} to export this collection.`, 400) }
  const plan = await planCollectionExport(viewer, options.page, parsed.choice)
  if (plan.included.length === 0) return { error: text('No project in this collection has a version for this game version and loader.', 404) }
  const c = options.page.collection
  return { payload, viewer, choice: parsed.choice, plan, name: c.name || 'Followed projects', summary: c.description || null }
}

/**
 * GET /collection/{id}/export.mrpack?game_version=&loader=&loader_version=: the collection as a
 * Modrinth modpack — `modrinth.index.json` listing each project's best version's primary file with
 * its hashes and download URL, so any launcher that reads .mrpack installs it.
 */
export async function modpackHandler(request: Request, ctx: Ctx): Promise<Response> {
  const r = await prepare(request, ctx)
  if ('error' in r) return r.error!
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '.')
  const index = buildModpackIndex({ name: r.name, summary: r.summary, versionId: today, choice: r.choice, files: r.plan.included.map((p) => p.file) })
  const body = zipSync({ 'modrinth.index.json': strToU8(JSON.stringify(index, null, 2)) })
  return new Response(body, {
    headers: {
      'content-type': 'application/x-modrinth-modpack+zip',
      'content-disposition': contentDisposition(exportFilename(r.name, r.choice, 'mrpack')),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/**
 * GET /collection/{id}/download.zip?…: the same choice's files themselves in one zip, in the folders
 * a game directory has (mods/, resourcepacks/, shaderpacks/), streamed. Each file counts as a download.
 */
export async function downloadAllHandler(request: Request, ctx: Ctx): Promise<Response> {
  const r = await prepare(request, ctx)
  if ('error' in r) return r.error!
  const address = clientAddress(request.headers)
  const sources = r.plan.included.flatMap((p) => {
    const name = packPath(p.file)
    if (!name) return []
    return [{ name, open: () => {
      void countDownload(r.payload, { projectId: p.projectId, versionId: p.versionId, address }).catch((err: unknown) => r.payload.logger.warn({ err, msg: 'could not count a download' }))
      return openVersionFile(p.file.filename)
    } }]
  })
  const stream = zipStream(sources, (err) => r.payload.logger.error({ err, msg: 'collection zip failed mid-stream' }))
  return new Response(stream, {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(exportFilename(r.name, r.choice, 'zip')),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}
