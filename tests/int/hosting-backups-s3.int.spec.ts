/**
 * A backup's prepared download with object storage (issue 32 item 1; S3_* set, a local s3rver here):
 * the archive is copied from the node to the bucket, the link is the bucket's own signed URL and
 * gives the very bytes whose SHA-256 was recorded, under the backup's name; deleting the backup
 * removes the copy.
 */
import { createHash } from 'node:crypto'

import { HeadObjectCommand } from '@aws-sdk/client-s3'
import type { Payload } from 'payload'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'

import { objectStorage } from '../../src/lib/files/objectStorage'
import { ensureCatalogue } from '../../src/plugins/billing/service/catalogue'
import { downloadLink, prepareDownload } from '../../src/plugins/hosting/service/backupDownload'
import { createBackup, deleteBackup, listBackups } from '../../src/plugins/hosting/service/backups'
import { startTestAgent, type TestAgent, waitFor } from '../agent/harness'
import { makeUser } from '../helpers/actors'
import { testNode } from '../helpers/hosting'
import { bootPayload } from '../helpers/payload'
import { s3Env, startS3 } from '../helpers/s3Server'

const S3_PORT = 3761
// Before anything reads the environment: object storage is read once per process.
vi.hoisted(() => {
  Object.assign(process.env, { S3_BUCKET: 'blockforge-test', S3_REGION: 'us-east-1', S3_ENDPOINT: 'http://127.0.0.1:3761', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' })
})

let payload: Payload
let agent: TestAgent
let s3: Awaited<ReturnType<typeof startS3>>
let owner: Awaited<ReturnType<typeof makeUser>>
let node: Awaited<ReturnType<typeof testNode>>
const id = `bs${Date.now().toString(36)}`.slice(0, 16)

beforeAll(async () => {
  expect(process.env.S3_ENDPOINT).toBe(s3Env(S3_PORT).S3_ENDPOINT)
  s3 = await startS3(S3_PORT)
  payload = await bootPayload()
  await ensureCatalogue(payload)
  agent = await startTestAgent({ runtime: 'process' })
  node = await testNode(payload, agent.url, 'bs')
  owner = await makeUser(payload)
  await node.addServer({ id, ownerId: owner.id, name: 'S3 Realm' })
  expect((await agent.call('PUT', `/servers/${id}`, { plan: { ram_mb: 512, swap_mb: 0, cpu_cores: 1, storage_mb: 64, max_players: 5 } })).status).toBe(200)
}, 120_000)

afterAll(async () => {
  await node?.disable()
  await agent?.close({ stopGames: true })
  await s3?.stop()
})

it('copies the archive to the bucket; the link is the bucket’s and gives the recorded bytes; a delete removes the copy', async () => {
  const made = await createBackup(payload, owner, id, 'Offsite')
  const ready = await waitFor('the backup ready', async () => (await listBackups(payload, owner, id)).backups.find((b) => b.id === made.id && b.state === 'ready'), 30_000, 200)
  await prepareDownload(payload, owner, id, made.id)
  const prepared = (await listBackups(payload, owner, id)).backups.find((b) => b.id === made.id)!
  expect(prepared).toMatchObject({ download_state: 'ready', download_key: `backups/${id}/${made.id}.tar.gz` })
  const link = (await downloadLink(payload, { id, name: 'S3 Realm' }, prepared))!
  expect(link.url.startsWith(`http://127.0.0.1:${S3_PORT}/`)).toBe(true)
  const res = await fetch(link.url)
  expect(res.status).toBe(200)
  expect(createHash('sha256').update(new Uint8Array(await res.arrayBuffer())).digest('hex')).toBe(ready.sha256)
  expect(res.headers.get('content-disposition')).toBe('attachment; filename="S3 Realm-Offsite.tar.gz"')

  await deleteBackup(payload, owner, id, made.id)
  const storage = objectStorage()!
  await expect(storage.client.send(new HeadObjectCommand({ Bucket: storage.settings.bucket, Key: prepared.download_key! }))).rejects.toThrow()
})
