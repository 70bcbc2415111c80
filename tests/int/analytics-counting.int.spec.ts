/**
 * Counting downloads and views (issue 14 item 1): each address counts once per version (download) or
 * project (view) per window; nothing is lost or doubled under concurrency; the counts land in the
 * day's rows and in the version's, project's and search entry's figures; the real file route counts.
 */
import type { Payload } from 'payload'
import type { Pool } from 'pg'
import { beforeAll, describe, expect, it, vi } from 'vitest'

import { POST as viewBeacon } from '../../src/app/%5Finternal/analytics/view/route'
import { refreshCounts } from '../../src/jobs/refreshCounts'
import { countDownload, countView } from '../../src/lib/analytics/count'
import { resolveRange } from '../../src/lib/analytics/ranges'
import { analyticsProjects, readAnalytics } from '../../src/lib/data/analytics'
import { viewerFor, type AuthUser } from '../../src/lib/data/viewer'
import { api } from '../helpers/http'
import { testJar } from '../helpers/jar'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let payload: Payload
let w: World
let pool: Pool

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  pool = (payload.db as unknown as { pool: Pool }).pool
})

let n = 0
async function published(status: 'approved' | 'draft' = 'approved') {
  const project = await w.makeProject(status)
  const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: `1.${++n}.0`, gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed' }, overrideAccess: true, depth: 0 })
  const data = testJar(`count-${n}`)
  const file = await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data, mimetype: 'application/java-archive', name: `count-${n}-${Date.now()}.jar`, size: data.length }, overrideAccess: true })
  return { project, version, file }
}

async function figures(projectId: string, versionId = '') {
  const { rows } = await pool.query(
    `SELECT (SELECT downloads FROM projects WHERE id = $1)::int AS project,
            (SELECT downloads FROM versions WHERE id = $2)::int AS version,
            (SELECT downloads FROM search_projects WHERE project_id = $1) AS search,
            (SELECT COALESCE(sum(count), 0) FROM analytics_daily WHERE kind = 'download' AND project_id = $1 AND version_id = $2)::int AS daily,
            (SELECT COALESCE(sum(count), 0) FROM analytics_daily WHERE kind = 'view' AND project_id = $1)::int AS views`,
    [projectId, versionId],
  )
  return rows[0] as { project: number; version: number; search: number | null; daily: number; views: number }
}

describe('downloads', () => {
  it('count once per address and version in a window, and again after it', async () => {
    const { project, version } = await published()
    const base = await figures(project.id, version.id)
    const at = new Date('2026-11-20T10:00:00Z')
    const windowMs = 3_600_000
    const one = { projectId: project.id, versionId: version.id, address: '203.0.113.7', windowMs }
    expect(await countDownload(payload, { ...one, at })).toBe(true)
    expect(await countDownload(payload, { ...one, at: new Date(at.getTime() + windowMs - 1) })).toBe(false)
    expect(await countDownload(payload, { ...one, address: '203.0.113.8', at })).toBe(true)
    expect(await countDownload(payload, { ...one, at: new Date(at.getTime() + windowMs) })).toBe(true)
    const after = await figures(project.id, version.id)
    expect(after.project - base.project).toBe(3)
    expect(after.version - base.version).toBe(3)
    expect(after.daily).toBe(3)
    if (base.search !== null) expect(after.search! - base.search).toBe(3)
    // The day's row is the day the download happened (UTC).
    const { rows } = await pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, count FROM analytics_daily WHERE kind = 'download' AND version_id = $1`, [version.id])
    expect(rows).toEqual([{ day: '2026-11-20', count: 3 }])
  })

  it('another version of the same project counts on its own', async () => {
    const a = await published()
    const other = await payload.create({ collection: 'versions', data: { project: a.project.id, versionNumber: `2.${++n}.0`, gameVersions: ['1.21'], loaders: ['fabric'], status: 'listed' }, overrideAccess: true, depth: 0 })
    const address = '198.51.100.4'
    expect(await countDownload(payload, { projectId: a.project.id, versionId: a.version.id, address })).toBe(true)
    expect(await countDownload(payload, { projectId: a.project.id, versionId: other.id, address })).toBe(true)
    expect((await figures(a.project.id, a.version.id)).project).toBe(2)
  })

  it('loses and doubles nothing under concurrency', async () => {
    const { project, version } = await published()
    const many = Array.from({ length: 40 }, (_, i) => countDownload(payload, { projectId: project.id, versionId: version.id, address: `192.0.2.${i}` }))
    const same = Array.from({ length: 20 }, () => countDownload(payload, { projectId: project.id, versionId: version.id, address: '192.0.2.250' }))
    const results = await Promise.all([...many, ...same])
    expect(results.slice(0, 40).every(Boolean)).toBe(true)
    expect(results.slice(40).filter(Boolean)).toHaveLength(1)
    const after = await figures(project.id, version.id)
    expect(after).toMatchObject({ project: 41, version: 41, daily: 41 })
  })

  it('the file route counts each download, once per address', async () => {
    const { project, version, file } = await published()
    const get = (address: string) => api('GET', `/version-files/file/${encodeURIComponent(file.filename!)}`, { headers: { 'x-forwarded-for': address } })
    expect((await get('100.64.0.1')).status).toBe(200)
    await vi.waitFor(async () => expect((await figures(project.id, version.id)).project).toBe(1), { timeout: 5000 })
    expect((await get('100.64.0.1')).status).toBe(200)
    expect((await get('100.64.0.2')).status).toBe(200)
    await vi.waitFor(async () => expect((await figures(project.id, version.id)).version).toBe(2), { timeout: 5000 })
    expect((await figures(project.id, version.id)).daily).toBe(2)
  })

  it('a file the caller may not read is neither served nor counted', async () => {
    const { project, version, file } = await published('draft')
    expect((await api('GET', `/version-files/file/${encodeURIComponent(file.filename!)}`)).status).toBe(404)
    expect((await figures(project.id, version.id)).project).toBe(0)
  })
})

describe('views', () => {
  it('count once per address and project in a window', async () => {
    const { project } = await published()
    const address = '203.0.113.50'
    expect(await countView(payload, { projectId: project.id, address })).toBe(true)
    expect(await countView(payload, { projectId: project.id, address })).toBe(false)
    expect(await countView(payload, { projectId: project.id, address: '203.0.113.51' })).toBe(true)
    expect((await figures(project.id)).views).toBe(2)
    expect((await figures(project.id)).project).toBe(0)
  })

  it('the page beacon counts public projects only and refuses bad input', async () => {
    const pub = await published()
    const hidden = await published('draft')
    const beacon = (body: unknown, address = '198.18.0.9') =>
      viewBeacon(new Request('http://localhost:3000/_internal/analytics/view', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-forwarded-for': address } }))
    expect((await beacon({ project_id: pub.project.id })).status).toBe(204)
    expect((await beacon({ project_id: hidden.project.id })).status).toBe(204)
    expect((await beacon({ project_id: 'nope-nope' })).status).toBe(204)
    expect((await beacon({ nothing: true })).status).toBe(400)
    expect((await figures(pub.project.id)).views).toBe(1)
    expect((await figures(hidden.project.id)).views).toBe(0)
  })
})

describe('analytics reads', () => {
  it('only members with VIEW_ANALYTICS (and admins) read a project’s figures', async () => {
    const { project, version } = await published()
    await countDownload(payload, { projectId: project.id, versionId: version.id, address: '192.0.2.77' })
    await countView(payload, { projectId: project.id, address: '192.0.2.77' })
    const as = (actor: 'owner' | 'member' | 'memberNoBits' | 'stranger' | 'moderator' | 'admin') => viewerFor(payload, { ...(w.users[actor] as AuthUser), collection: 'users' })
    const range = resolveRange('previous-30-days', new Date())
    for (const actor of ['owner', 'member', 'admin'] as const) {
      const projects = await analyticsProjects(await as(actor), { ids: [project.id] })
      expect(projects.map((p) => p.id), actor).toEqual([project.id])
      const data = await readAnalytics(await as(actor), projects, range, 'downloads')
      expect(data.totals, actor).toMatchObject({ downloads: 1, views: 1 })
      expect(data.series[0].values.at(-1), actor).toBe(1)
    }
    for (const actor of ['memberNoBits', 'stranger', 'moderator'] as const) expect(await analyticsProjects(await as(actor), { ids: [project.id] }), actor).toEqual([])
  })
})

describe('the refreshCounts job', () => {
  it('puts the last week of counted downloads into the trending sort', async () => {
    const { project, version } = await published()
    for (let i = 0; i < 5; i++) await countDownload(payload, { projectId: project.id, versionId: version.id, address: `198.51.100.${100 + i}` })
    await refreshCounts(payload)
    const { rows } = await pool.query('SELECT trending FROM search_projects WHERE project_id = $1', [project.id])
    expect(rows).toEqual([{ trending: 5 }])
  })
})
