import config from '@payload-config'
import { getPayload } from 'payload'
import { z } from 'zod'

import { openDownload } from '@/plugins/hosting/service/backupDownload'

export const dynamic = 'force-dynamic'

const Id = z.string().regex(/^[A-Za-z0-9]{1,64}$/)

const text = (status: number, body: string) => new Response(body, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } })

/**
 * GET ?expires=&sig=: a prepared backup download (service/backupDownload.ts). The signed link is the
 * credential, as a storage's signed URL is, so a launcher or another machine can fetch it; it works
 * until it expires. The archive streams from the server's node with its checksum.
 */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; backup: string }> }): Promise<Response> {
  const { id, backup } = await params
  if (!Id.safeParse(id).success || !Id.safeParse(backup).success) return text(404, 'Backup not found.')
  const payload = await getPayload({ config })
  const query = new URL(request.url).searchParams
  try {
    const outcome = await openDownload(payload, id, backup, { expires: query.get('expires'), sig: query.get('sig') })
    if (outcome.kind === 'expired') return text(410, 'This download link has expired. Prepare the download again on the server’s backups page.')
    if (outcome.kind === 'not_found') return text(404, 'Backup not found.')
    const headers = new Headers({
      'content-type': 'application/gzip',
      'content-disposition': `attachment; filename="${outcome.name}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    })
    const length = outcome.res.headers.get('content-length')
    if (length) headers.set('content-length', length)
    if (outcome.sha256) headers.set('x-checksum-sha256', outcome.sha256)
    return new Response(outcome.res.body, { status: 200, headers })
  } catch (error) {
    payload.logger.error({ err: error, msg: 'Backup download failed', server: id, backup })
    return text(502, 'The server’s machine is not answering. Try again in a minute.')
  }
}
