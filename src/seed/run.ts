import { createLocalReq, type Payload, type Where } from 'payload'
import { sql } from 'drizzle-orm'

import { Scopes } from '../access/core/scopes'
import { ALL_ORGANIZATION_PERMISSIONS, ALL_PROJECT_PERMISSIONS, ProjectPermissions as P } from '../access/core/permissions'
import { env } from '../lib/env'
import { editorImageUrl } from '../lib/files/fileUrl'
import { HIGHLIGHT_ALIASES } from '../lib/highlightLanguages'
import { relationId } from '../lib/ids'
import { categories, donationPlatforms, loaders, reportTypes } from './data/tags'
import { seedLicenses } from './licenses'
import { gameVersions } from './data/gameVersions'
import { demoLegalPages } from './data/legal'
import { demoChangelog, demoCollections, demoNews, demoOrganizations, demoUsers } from './data/people'
import { GALLERY_PLACEHOLDER, generateProjects, type DemoProject } from './data/projects'
import { joinDaysAgo } from './data/joinDates'
import { buildDemoFile } from './files'
import { seedHosting } from './hosting'
import { renderAvatar, renderBanner, renderGalleryImage, renderIcon } from './images'
import { rebuildSearchIndex } from '../plugins/search/rebuild'
import { drizzleOf } from '../lib/db/sql'
import { hashString } from './data/random'
import { block, editorState, heading, paragraph } from './lexical'

export const DEMO_PASSWORD = env.demoPassword
const DAY = 86_400_000
const daysAgo = (d: number) => new Date(Date.now() - d * DAY).toISOString()
const png = (data: Buffer, name: string) => ({ data, mimetype: 'image/png', name, size: data.length })
const MIME: Record<string, string> = { jar: 'application/java-archive', mrpack: 'application/x-modrinth-modpack+zip', zip: 'application/zip' }

/**
 * Fills the database with the demo catalogue. Idempotent: every record is looked up by its natural
 * key (tag name, username, slug, version number) first, so a second run adds nothing.
 */
export async function seedDemoData(payload: Payload, log: (msg: string) => void = (m) => payload.logger.info(m)) {
  // Bulk writes skip the per-change search indexing; the index is rebuilt once at the end.
  const o = { overrideAccess: true, depth: 0, context: { skipSearchIndex: true } } as const
  const findOne = async <T>(collection: Parameters<Payload['find']>[0]['collection'], where: Where) =>
    (await payload.find({ collection, where, limit: 1, ...o })).docs[0] as T | undefined

  log('Seeding tags…')
  const ensureTag = async (collection: 'loaders' | 'game-versions' | 'donation-platforms' | 'report-types', id: string, data: Record<string, unknown>) => {
    if (!(await findOne(collection, { id: { equals: id } }))) await payload.create({ collection, data: { id, ...data } as never, ...o })
  }
  for (const l of loaders) await ensureTag('loaders', l.name, { icon: l.icon, supportedProjectTypes: l.supportedProjectTypes })
  for (const g of gameVersions) await ensureTag('game-versions', g.version, { versionType: g.versionType, date: g.date, major: g.major })
  await seedLicenses(payload)
  for (const d of donationPlatforms) await ensureTag('donation-platforms', d.short, { name: d.name })
  for (const r of reportTypes) await ensureTag('report-types', r, {})
  for (const c of categories) {
    if (!(await findOne('categories', { and: [{ name: { equals: c.name } }, { projectType: { equals: c.projectType } }] })))
      await payload.create({ collection: 'categories', data: c, ...o })
  }

  const projects = generateProjects(42)
  const joined = joinDaysAgo(
    demoUsers.map((u) => u.username),
    projects.map((p) => ({ owner: demoUsers[p.ownerIndex].username, publishedDaysAgo: p.publishedDaysAgo })),
  )

  log('Seeding users…')
  const users = new Map<string, string>()
  for (const u of demoUsers) {
    let doc = await findOne<{ id: string }>('users', { username: { equals: u.username } })
    if (!doc) {
      const avatar = await payload.create({ collection: 'images', data: { kind: 'avatar', alt: `${u.username}'s avatar` }, file: png(await renderAvatar(u.username), `avatar-${u.username}.png`), ...o })
      doc = await payload.create({
        collection: 'users',
        data: { username: u.username, email: u.email, password: DEMO_PASSWORD(), role: u.role, bio: u.bio, badges: u.badges, newsEditor: u.newsEditor, avatar: avatar.id, emailVerified: true, createdAt: daysAgo(joined.get(u.username) ?? 0) },
        ...o,
      })
      await payload.update({ collection: 'images', id: avatar.id, data: { uploader: doc.id }, ...o })
    }
    users.set(u.username, doc.id)
  }

  log('Seeding organizations…')
  const orgs: string[] = []
  for (const org of demoOrganizations) {
    let doc = await findOne<{ id: string }>('organizations', { slug: { equals: org.slug } })
    if (!doc) {
      const team = await payload.create({ collection: 'teams', data: { kind: 'organization', name: org.name }, ...o })
      for (const [i, username] of org.memberUsernames.entries()) {
        await payload.create({
          collection: 'team-members',
          data: {
            team: team.id, user: users.get(username)!, role: i === 0 ? 'Owner' : 'Member', isOwner: i === 0, accepted: true, ordering: i,
            permissions: i === 0 ? ALL_PROJECT_PERMISSIONS : P.UPLOAD_VERSION | P.EDIT_BODY | P.EDIT_DETAILS,
            organizationPermissions: i === 0 ? ALL_ORGANIZATION_PERMISSIONS : 0,
          },
          ...o,
        })
      }
      const icon = await payload.create({ collection: 'images', data: { kind: 'icon' }, file: png(await renderIcon(org.slug), `${org.slug}.png`), ...o })
      doc = await payload.create({ collection: 'organizations', data: { slug: org.slug, name: org.name, description: org.description, team: team.id, icon: icon.id }, ...o })
    }
    orgs.push(doc.id)
  }

  log(`Seeding ${projects.length} projects…`)
  const projectIds = new Map<string, string>()
  for (const p of projects) projectIds.set(p.slug, await ensureProject(payload, p, users, orgs))

  log('Seeding versions and files…')
  let versionCount = 0
  for (const p of projects) versionCount += await ensureVersions(payload, p, projectIds, users)

  log('Seeding collections, follows, reports and notifications…')
  for (const c of demoCollections) {
    const owner = users.get(c.ownerUsername)!
    if (await findOne('user-collections', { and: [{ name: { equals: c.name } }, { owner: { equals: owner } }] })) continue
    const icon = await payload.create({ collection: 'images', data: { kind: 'icon', uploader: owner }, file: png(await renderIcon(`collection-${c.name}`), 'collection.png'), ...o })
    await payload.create({
      collection: 'user-collections',
      data: { name: c.name, summary: c.summary, owner, visibility: c.visibility, icon: icon.id, projects: c.projectSlugs.map((s) => projectIds.get(s)!).filter(Boolean) },
      ...o,
    })
  }
  const listed = projects.filter((p) => p.status === 'approved')
  for (const [i, u] of demoUsers.entries()) {
    for (const p of listed.filter((_, j) => (j + i) % 5 === 0).slice(0, 6)) {
      const user = users.get(u.username)!
      const project = projectIds.get(p.slug)!
      if (!(await findOne('follows', { and: [{ user: { equals: user } }, { project: { equals: project } }] })))
        await payload.create({ collection: 'follows', data: { user, project }, ...o })
    }
  }
  const reporter = users.get(demoUsers[5].username)!
  if (!(await findOne('reports', { reporter: { equals: reporter } }))) {
    const target = listed[listed.length - 1]
    await payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: projectIds.get(target.slug)!, reporter, body: 'The description links to an unrelated download site several times.' }, ...o })
    await payload.create({ collection: 'reports', data: { reportType: 'copyright', itemType: 'user', itemId: users.get(demoUsers[9].username)!, reporter, body: 'Re-uploads textures from another pack without permission.', closed: true }, ...o })
  }
  const admin = users.get('admin')!
  if (!(await findOne('notifications', { user: { equals: admin } }))) {
    for (const p of projects.filter((p) => p.status === 'approved').slice(0, 3)) {
      const owner = users.get(demoUsers[p.ownerIndex].username)!
      await payload.create({ collection: 'notifications', data: { user: owner, type: 'status_change', title: `**${p.title}** has been approved`, text: 'Your project is now listed in search.', link: `/project/${projectIds.get(p.slug)}` }, ...o })
    }
    await payload.create({ collection: 'notifications', data: { user: admin, type: 'moderator_message', title: 'Two reports are waiting', text: 'Open the moderation queue to review them.', link: '/moderation/reports' }, ...o })
  }

  const publisher = users.get('tinkerfox')!
  if (!(await findOne('access-tokens', { user: { equals: publisher } }))) {
    await payload.create({
      collection: 'access-tokens',
      data: { user: publisher, name: 'CI publishing', scopes: String(Scopes.VERSION_CREATE | Scopes.VERSION_READ | Scopes.PROJECT_READ), expiresAt: daysAgo(-365) },
      ...o,
    })
  }

  log('Seeding news, changelog and legal pages…')
  for (const [i, a] of demoNews.entries()) {
    if (await findOne('news', { slug: { equals: a.slug } })) continue
    const banner = await payload.create({ collection: 'images', data: { kind: 'news', alt: a.title }, file: png(await renderBanner(a.slug), `${a.slug}.png`), ...o })
    const children = [paragraph(a.paragraphs[0]), block('image', { image: banner.id, caption: a.title })]
    if (a.callout) children.push(block('callout', { tone: a.callout.tone, text: a.callout.text }))
    children.push(heading('What changed'), ...a.paragraphs.slice(1).map(paragraph))
    if (a.code) children.push(block('code', { language: HIGHLIGHT_ALIASES[a.code.language] ?? a.code.language, code: a.code.code }))
    if (a.videoId) children.push(block('videoEmbed', { videoId: a.videoId, title: a.title }))
    await payload.create({
      collection: 'news',
      data: { slug: a.slug, title: a.title, summary: a.summary, _status: i === demoNews.length - 1 ? 'draft' : 'published', publishedAt: daysAgo(a.publishedDaysAgo), thumbnail: banner.id, authors: [users.get('quillfeather')!], content: editorState(children) as never },
      ...o,
    })
  }
  for (const c of demoChangelog) {
    const date = new Date(Date.now() - c.daysAgo * DAY)
    date.setUTCHours(12, 0, 0, 0)
    if (await findOne('changelog-entries', { and: [{ product: { equals: c.product } }, { date: { equals: date.toISOString() } }] })) continue
    await payload.create({ collection: 'changelog-entries', data: { date: date.toISOString(), product: c.product, version: c.version, body: c.body, _status: 'published' }, ...o })
  }
  for (const page of demoLegalPages) {
    if (await findOne('legal-pages', { slug: { equals: page.slug } })) continue
    await payload.create({ collection: 'legal-pages', data: { slug: page.slug, title: page.title, content: editorState(page.paragraphs.map(paragraph)) as never }, ...o })
  }
  log('Seeding hosting: regions, the local node and a demo server…')
  await seedHosting(payload, users.get('tinkerfox')!, env.payloadSecret())

  log('Recording recent downloads and building the search index…')
  await seedDailyDownloads(payload, projects, projectIds)
  const indexed = await rebuildSearchIndex(await createLocalReq({}, payload))
  log(`Search index: ${indexed} searchable projects.`)
  log(`Demo data ready: ${projects.length} projects, ${versionCount} versions, ${demoUsers.length} users.`)
}

async function ensureProject(payload: Payload, p: DemoProject, users: Map<string, string>, orgs: string[]): Promise<string> {
  const o = { overrideAccess: true, depth: 0, context: { skipSearchIndex: true } } as const
  const existing = (await payload.find({ collection: 'projects', where: { slug: { equals: p.slug } }, limit: 1, ...o })).docs[0]
  if (existing) return existing.id
  const owner = users.get(demoUsers[p.ownerIndex].username)!
  const team = await payload.create({ collection: 'teams', data: { kind: 'project', name: p.title }, ...o })
  await payload.create({ collection: 'team-members', data: { team: team.id, user: owner, role: 'Owner', isOwner: true, permissions: ALL_PROJECT_PERMISSIONS, accepted: true, payoutsSplit: 100 }, ...o })
  const icon = await payload.create({ collection: 'images', data: { kind: 'icon', uploader: owner, alt: `${p.title} icon` }, file: png(await renderIcon(p.slug), `${p.slug}-icon.png`), ...o })
  const published = daysAgo(p.publishedDaysAgo)
  const everApproved = ['approved', 'archived', 'unlisted', 'private', 'withheld'].includes(p.status)
  const doc = await payload.create({
    collection: 'projects',
    data: {
      slug: p.slug, title: p.title, summary: p.summary, body: p.body, projectType: p.projectType, status: p.status, requestedStatus: p.requestedStatus,
      categories: p.categories, additionalCategories: p.additionalCategories, clientSide: p.clientSide, serverSide: p.serverSide,
      license: p.licenseId, licenseUrl: p.licenseUrl, issuesUrl: p.issuesUrl, sourceUrl: p.sourceUrl, wikiUrl: p.wikiUrl, discordUrl: p.discordUrl,
      donationUrls: p.donationUrls.map((d) => ({ platform: d.platform, url: d.url })),
      downloads: p.downloads, followers: p.followers, color: p.color, icon: icon.id, team: team.id,
      organization: p.organizationIndex == null ? null : orgs[p.organizationIndex],
      published, updated: daysAgo(p.updatedDaysAgo), approved: everApproved ? published : null,
      queued: p.status === 'processing' ? daysAgo(2) : null,
      moderatorMessage: p.moderatorMessage ? { message: p.moderatorMessage } : undefined,
    },
    ...o,
  })
  for (let i = 0; i < p.galleryCount; i++) {
    const image = await payload.create({
      collection: 'images',
      data: { kind: 'gallery', project: doc.id, uploader: owner, featured: i === 0, title: i === 0 ? `${p.title} in action` : `Screenshot ${i + 1}`, description: i === 0 ? p.summary : null, ordering: i, alt: `${p.title} screenshot ${i + 1}` },
      file: png(await renderGalleryImage(p.slug, i, p.projectType), `${p.slug}-gallery-${i + 1}.png`),
      ...o,
    })
    // Descriptions often show a gallery picture (it opens the lightbox on the project page), linked as the editor does.
    const src = editorImageUrl(image)
    if (i === 0 && src && p.body.includes(GALLERY_PLACEHOLDER)) {
      await payload.update({ collection: 'projects', id: doc.id, data: { body: p.body.replace(GALLERY_PLACEHOLDER, `![${p.title} in action](${src})`) }, ...o })
    }
  }
  if (!p.galleryCount && p.body.includes(GALLERY_PLACEHOLDER)) {
    await payload.update({ collection: 'projects', id: doc.id, data: { body: p.body.replace(GALLERY_PLACEHOLDER, '') }, ...o })
  }
  if (p.moderatorMessage) {
    const thread = relationId((await payload.findByID({ collection: 'projects', id: doc.id, ...o })).thread)
    const moderator = users.get('wren_mod')
    if (thread) await payload.create({ collection: 'thread-messages', data: { thread, author: moderator, type: 'text', text: p.moderatorMessage }, ...o })
  }
  return doc.id
}

async function ensureVersions(payload: Payload, p: DemoProject, projectIds: Map<string, string>, users: Map<string, string>): Promise<number> {
  const o = { overrideAccess: true, depth: 0, context: { skipSearchIndex: true } } as const
  const project = projectIds.get(p.slug)!
  const existing = await payload.find({ collection: 'versions', where: { project: { equals: project } }, pagination: false, ...o })
  const key = (n: string, l: readonly unknown[]) => `${n}|${l.map(relationId).sort().join(',')}`
  const have = new Set(existing.docs.map((v) => key(v.versionNumber, v.loaders ?? [])))
  const author = users.get(demoUsers[p.ownerIndex].username)!
  for (const v of p.versions) {
    if (have.has(key(v.versionNumber, v.loaders))) continue
    const doc = await payload.create({
      collection: 'versions',
      data: {
        project, author, versionNumber: v.versionNumber, name: v.name, changelog: v.changelog, versionType: v.versionType, status: v.status,
        featured: v.featured, gameVersions: v.gameVersions, loaders: v.loaders, datePublished: daysAgo(v.daysAgo), downloads: v.downloads,
        dependencies: v.dependencies.filter((d) => projectIds.has(d.projectSlug)).map((d) => ({ project: projectIds.get(d.projectSlug)!, dependencyType: d.dependencyType })),
      },
      ...o,
      context: { skipProjectSync: true, skipSearchIndex: true },
    })
    for (const f of v.files) {
      const data = Buffer.from(buildDemoFile(p, v, f))
      const ext = f.filename.split('.').pop() ?? 'zip'
      await payload.create({ collection: 'version-files', data: { version: doc.id, primary: f.primary, fileType: f.fileType }, file: { data, mimetype: MIME[ext] ?? 'application/octet-stream', name: f.filename, size: data.length }, ...o })
    }
  }
  const loadersUsed = [...new Set(p.versions.flatMap((v) => v.loaders))].sort()
  const gameVersionsUsed = [...new Set(p.versions.flatMap((v) => v.gameVersions))]
  await payload.update({ collection: 'projects', id: project, data: { loaders: loadersUsed, gameVersions: gameVersionsUsed }, ...o, context: { system: true, skipSearchIndex: true } })
  return p.versions.length
}

/** Two weeks of daily download counts per listed project, so the trending sort has data. Idempotent. */
async function seedDailyDownloads(payload: Payload, projects: DemoProject[], projectIds: Map<string, string>) {
  const db = drizzleOf(payload)
  for (const p of projects) {
    if (!['approved', 'archived'].includes(p.status)) continue
    const id = projectIds.get(p.slug)!
    const h = hashString(p.slug)
    // Some projects are rising: a recent surge independent of their all-time total.
    const surge = h % 7 === 0 ? 40 + (h % 300) : 0
    const rows = Array.from({ length: 14 }, (_, d) => {
      const base = Math.max(1, Math.round((p.downloads / 2000) * (0.6 + ((h >> d) % 10) / 12)))
      return sql`('download', ${id}, current_date - ${d}::int, ${base + (d < 7 ? surge : 0)})`
    })
    await db.execute(sql`INSERT INTO analytics_daily (kind, project_id, day, count) VALUES ${sql.join(rows, sql`, `)} ON CONFLICT DO NOTHING`)
  }
}
