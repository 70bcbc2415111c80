import type { PayloadRequest } from 'payload'

import { sqlPool } from '../db/sql'
import { clientAddress } from '../http/clientAddress'
import { countDownload } from './count'

/**
 * The version files' upload handler (Payload runs it after the read access check, before serving the
 * file from disk or, with object storage, before the storage's own handler): every download — from a
 * project page, a `/v2` file URL a launcher follows, `/v2/version_file/{hash}/download` — passes
 * here and is counted. The count is never awaited: the download does not wait on it, and a failed
 * count is logged, never a failed download. Returning nothing lets the file be served.
 */
export async function countFileDownload(req: PayloadRequest, { params }: { params: { filename: string } }): Promise<void> {
  const { payload } = req
  const address = clientAddress(req.headers)
  void sqlPool(payload)
    .query<{ version_id: string; project_id: string }>(
      'SELECT f.version_id, v.project_id FROM version_files f JOIN versions v ON v.id = f.version_id WHERE f.filename = $1 LIMIT 1',
      [params.filename],
    )
    .then(({ rows }) => (rows[0] ? countDownload(payload, { projectId: rows[0].project_id, versionId: rows[0].version_id, address }) : false))
    .catch((err: unknown) => payload.logger.warn({ err, msg: 'could not count a download' }))
}
