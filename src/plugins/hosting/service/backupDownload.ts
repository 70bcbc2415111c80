import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'

import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import type { Payload } from 'payload'

import type { Actor } from '../../../access/core/roles'
import { objectStorage } from '../../../lib/files/objectStorage'
import { checkDownload, DOWNLOAD_LINK_MINUTES, signDownload } from '../../../lib/hosting/backups'
import { serverFor, viaAgent } from './acts'
import { agentOf, type AgentClient, AgentRefused } from './agent'
import { recordAct } from './audit'
import type { BackupRow } from './backupSync'
import { db, inTransaction, sql } from './db'
import { nodeOf } from './nodes'
import { HostingError } from './rows'

/*
 * Downloading a backup (Modrinth's "prepare download"): preparing makes the archive reachable
 * through a link that works for an hour, whoever follows it (a launcher, another machine). With
 * object storage (S3_*) the archive is copied there and the link is the storage's own signed URL,
 * so the download does not pass through the site or depend on the node; without it the link is a
 * signed one of ours that streams from the node. An expired link is not an error to the owner: the
 * page says it expired and prepares it again.
 */

const objectKeyOf = (row: Pick<BackupRow, 'server_id' | 'id'>) => `backups/${row.server_id}/${row.id}.tar.gz`
const fileName = (serverName: string, backupName: string) => `${serverName}-${backupName}`.replace(/[^A-Za-z0-9._ -]+/g, '_').slice(0, 120) + '.tar.gz'

/** The object storage copy of a prepared download, removed with its backup. */
export async function removeDownloadCopy(row: Pick<BackupRow, 'download_key'> | undefined): Promise<void> {
  const storage = objectStorage()
  if (!storage || !row?.download_key) return
  await storage.client.send(new DeleteObjectCommand({ Bucket: storage.settings.bucket, Key: row.download_key })).catch(() => null)
}

async function copyToStorage(agent: AgentClient, row: BackupRow): Promise<string> {
  const storage = objectStorage()
  if (!storage) throw new Error('object storage is not configured')
  const res = await agent.downloadBackup(row.server_id, row.id)
  const length = Number(res.headers.get('content-length'))
  if (!res.body || !Number.isSafeInteger(length)) throw new Error('The node sent no archive.')
  const key = objectKeyOf(row)
  await storage.client.send(
    new PutObjectCommand({
      Bucket: storage.settings.bucket,
      Key: key,
      Body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      ContentLength: length,
      ContentType: 'application/gzip',
      Metadata: { sha256: row.sha256 ?? '' },
    }),
  )
  return key
}

/**
 * Prepares the download: checks the node still has the finished archive (and copies it to object
 * storage when there is one), then the link works for DOWNLOAD_LINK_MINUTES. A failure is kept on
 * the record (the page offers a retry) and thrown for the owner's toast.
 */
export async function prepareDownload(payload: Payload, actor: Actor, id: string, backupId: string): Promise<void> {
  const server = await serverFor(payload, actor, id)
  const row = await db(payload).one<BackupRow>(sql`SELECT * FROM server_backups WHERE id = ${backupId} AND server_id = ${id}`)
  if (!row) throw new HostingError('Backup not found')
  if (row.state !== 'ready') throw new HostingError('Only a finished backup can be downloaded.')
  const node = server.node_id ? await nodeOf(db(payload), server.node_id) : null
  if (!node) throw new HostingError('This server is not set up yet.')
  await db(payload).rows(sql`UPDATE server_backups SET download_state = 'preparing', download_error = NULL, updated_at = now() WHERE id = ${row.id}`)
  let key: string | null = null
  try {
    const agent = agentOf(node)
    const onNode = (await viaAgent(() => agent.listBackups(id))).backups.find((b) => b.uuid === row.id)
    if (onNode?.state !== 'ready') throw new HostingError('The backup is no longer on the server’s machine.')
    if (objectStorage()) key = await viaAgent(() => copyToStorage(agent, row))
  } catch (error) {
    const reason = error instanceof HostingError ? error.message : 'The archive could not be copied to storage.'
    if (!(error instanceof HostingError)) payload.logger.error({ err: error, msg: 'Preparing a backup download failed', backup: row.id })
    await db(payload).rows(sql`UPDATE server_backups SET download_state = 'failed', download_error = ${reason}, updated_at = now() WHERE id = ${row.id}`)
    throw new HostingError(reason)
  }
  const expires = new Date(Date.now() + DOWNLOAD_LINK_MINUTES * 60_000)
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`UPDATE server_backups SET download_state = 'ready', download_expires = ${expires.toISOString()}, download_key = ${key}, updated_at = now() WHERE id = ${row.id}`)
    await recordAct(tx, { serverId: id, actorId: actor.id, act: 'backup download prepared', detail: { backup: row.id, name: row.name } })
  })
}

/** The prepared link of a backup while it works, else null (not prepared, failed, or expired). */
export async function downloadLink(payload: Payload, server: { id: string; name: string }, row: BackupRow, now = Date.now()): Promise<{ url: string; expires: string } | null> {
  if (row.download_state !== 'ready' || !row.download_expires) return null
  const expires = new Date(row.download_expires).getTime()
  if (expires <= now) return null
  const storage = objectStorage()
  if (row.download_key && storage) {
    const command = new GetObjectCommand({ Bucket: storage.settings.bucket, Key: row.download_key, ResponseContentDisposition: `attachment; filename="${fileName(server.name, row.name)}"` })
    const url = await getSignedUrl(storage.client, command, { expiresIn: Math.max(1, Math.floor((expires - now) / 1000)) })
    return { url, expires: new Date(expires).toISOString() }
  }
  const query = new URLSearchParams(signDownload(payload.secret, row.id, expires))
  return { url: `/servers/manage/${server.id}/backups/${row.id}/download?${query}`, expires: new Date(expires).toISOString() }
}

export type DownloadOutcome = { kind: 'file'; res: Response; name: string; sha256: string | null } | { kind: 'expired' } | { kind: 'not_found' }

/** What a link of ours leads to: the archive streamed from the node, or why not. The link is the credential. */
export async function openDownload(payload: Payload, id: string, backupId: string, query: { expires?: string | null; sig?: string | null }): Promise<DownloadOutcome> {
  const verdict = checkDownload(payload.secret, backupId, query, Date.now())
  if (verdict === 'invalid') return { kind: 'not_found' }
  if (verdict === 'expired') return { kind: 'expired' }
  const row = await db(payload).one<BackupRow & { server_name: string; node_id: string | null }>(sql`
    SELECT b.*, s.name AS server_name, s.node_id FROM server_backups b JOIN servers s ON s.id = b.server_id WHERE b.id = ${backupId} AND b.server_id = ${id}`)
  if (!row || row.state !== 'ready') return { kind: 'not_found' }
  const node = row.node_id ? await nodeOf(db(payload), row.node_id) : null
  if (!node) return { kind: 'not_found' }
  try {
    const res = await agentOf(node).downloadBackup(id, row.id)
    return { kind: 'file', res, name: fileName(row.server_name, row.name), sha256: res.headers.get('x-checksum-sha256') || row.sha256 }
  } catch (error) {
    if (error instanceof AgentRefused && error.status === 404) return { kind: 'not_found' }
    throw error
  }
}
