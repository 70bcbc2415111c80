/**
 * The `news_drafts` migration on a database that has news and changelog entries from before it:
 * published rows stay published (the changelog's entries were published by default: they must not
 * vanish), drafts stay drafts, and each row becomes its first version, authors included. Runs the
 * migrations on a database of its own (the shared one is already migrated).
 */
import { drizzle } from 'drizzle-orm/node-postgres'
import type { MigrateUpArgs } from '@payloadcms/db-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '../../src/migrations'

const NAME = `bf_news_migration_${Date.now()}_${process.pid}`
let admin: pg.Client
let client: pg.Client

const urlOf = (name: string) => {
  const url = new URL(process.env.DATABASE_URL!)
  url.pathname = `/${name}`
  return url.toString()
}
const rows = async (text: string) => (await client.query(text)).rows

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${NAME}"`)
  client = new pg.Client({ connectionString: urlOf(NAME) })
  await client.connect()
  const args = { db: drizzle(client), payload: null, req: null } as unknown as MigrateUpArgs
  const at = migrations.findIndex((m) => m.name.endsWith('_news_drafts'))
  for (const m of migrations.slice(0, at)) await m.up(args)

  await client.query(`INSERT INTO users (id, username, email, hash, salt) VALUES ('Author01', 'author', 'author@example.test', 'x', 'x')`)
  await client.query(`INSERT INTO news (id, title, slug, summary, status, published_at, content) VALUES
    ('NewsPub1', 'Live', 'live', 'Out.', 'published', now(), '{"root":{"children":[]}}'),
    ('NewsDra1', 'Wip', 'wip', 'Not yet.', 'draft', null, '{"root":{"children":[]}}')`)
  await client.query(`INSERT INTO news_rels ("order", parent_id, path, users_id) VALUES (1, 'NewsPub1', 'authors', 'Author01')`)
  // The changelog's old default: entries written without a status were published.
  await client.query(`INSERT INTO changelog_entries (id, date, product, body) VALUES ('Change01', now(), 'web', 'Shipped.')`)
  await client.query(`INSERT INTO changelog_entries (id, date, product, body, status) VALUES ('Change02', now(), 'app', 'Soon.', 'draft')`)

  await migrations[at].up(args)
}, 120_000)

afterAll(async () => {
  await client?.end()
  await admin?.query(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`)
  await admin?.end()
})

describe('news_drafts migration', () => {
  it('keeps published articles and changelog entries published, and drafts drafts', async () => {
    expect(await rows(`SELECT id, _status FROM news ORDER BY id`)).toEqual([{ id: 'NewsDra1', _status: 'draft' }, { id: 'NewsPub1', _status: 'published' }])
    expect(await rows(`SELECT id, _status FROM changelog_entries ORDER BY id`)).toEqual([{ id: 'Change01', _status: 'published' }, { id: 'Change02', _status: 'draft' }])
  })

  it('makes each row its latest version, with its authors', async () => {
    expect(await rows(`SELECT parent_id, version_title, version__status, latest FROM _news_v ORDER BY parent_id`)).toEqual([
      { parent_id: 'NewsDra1', version_title: 'Wip', version__status: 'draft', latest: true },
      { parent_id: 'NewsPub1', version_title: 'Live', version__status: 'published', latest: true },
    ])
    expect(await rows(`SELECT r.path, r.users_id FROM _news_v_rels r JOIN _news_v v ON v.id = r.parent_id WHERE v.parent_id = 'NewsPub1'`)).toEqual([{ path: 'authors', users_id: 'Author01' }])
    expect(await rows(`SELECT parent_id, version_product, version__status, latest FROM _changelog_entries_v ORDER BY parent_id`)).toEqual([
      { parent_id: 'Change01', version_product: 'web', version__status: 'published', latest: true },
      { parent_id: 'Change02', version_product: 'app', version__status: 'draft', latest: true },
    ])
  })

  it('starts new changelog entries as drafts', async () => {
    await client.query(`INSERT INTO changelog_entries (id, date, product, body) VALUES ('Change03', now(), 'web', 'New.')`)
    expect(await rows(`SELECT _status FROM changelog_entries WHERE id = 'Change03'`)).toEqual([{ _status: 'draft' }])
  })
})
