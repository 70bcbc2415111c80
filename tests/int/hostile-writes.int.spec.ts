/**
 * The hostile-write matrix (issue: write-side authorization). Every field that confers power or
 * places a document is written with a foreign id or a forbidden value, by anonymous, a stranger, a
 * member without and with bits, the owner, a moderator and an admin, through REST and GraphQL. A
 * refusal must leave the database unchanged; the actors listed as allowed must succeed.
 */
import { randomBytes } from 'node:crypto'

import type { CollectionSlug, Field } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { ALL_PROJECT_PERMISSIONS } from '../../src/access/core/permissions'
import { comparable } from '../../src/access/core/writeRules'
import { relationId } from '../../src/lib/ids'
import type { Project, User } from '../../src/payload-types'
import { makeUser } from '../helpers/actors'
import { HOSTILE_ACTORS, attempt, attemptDuplicate, attemptRestore, storedFields, type Attack, type AttackContext, type Outcome } from '../helpers/hostile'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, tinyPng, type World } from '../helpers/world'
import { testJar } from '../helpers/jar'

let w: World
let otherAdmin: User
let n = 0
const uniq = (p: string) => `${p}-${++n}-${Date.now().toString(36)}`

beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
  otherAdmin = await makeUser(payload, 'admin')
})

// ——— fixtures ———————————————————————————————————————————————————————————————————————————————
/** Someone who is none of the actors: the victim of the attacks. */
const victim = async (): Promise<User & { collection: 'users' }> => makeUser(w.payload)
/** A project owned by `by` (made through its create hooks, so `by` owns its team). */
async function projectOf(by: User & { collection: 'users' }, status: Project['status'] = 'approved'): Promise<Project> {
  const p = await w.payload.create({ collection: 'projects', data: { slug: uniq('victim'), title: 'Victim Project', summary: 'A project that belongs to someone else.', projectType: 'mod' }, user: by, overrideAccess: true })
  return status === 'draft' ? p : w.payload.update({ collection: 'projects', id: p.id, data: { status }, overrideAccess: true })
}
const actorUser = (ctx: AttackContext) => (ctx.actor === 'anonymous' ? w.users.stranger : w.users[ctx.actor])
const versionIn = async (projectId: string) =>
  (await w.payload.create({ collection: 'versions', data: { project: projectId, versionNumber: uniq('1.0'), gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true, depth: 0 })).id
const scheduledVersionIn = async (projectId: string) =>
  (await w.payload.create({ collection: 'versions', data: { project: projectId, versionNumber: uniq('2.0'), gameVersions: ['1.21'], loaders: ['fabric'], status: 'scheduled', requestedStatus: 'listed', datePublished: new Date(Date.now() + 3_600_000).toISOString() }, overrideAccess: true, depth: 0 })).id
/** A pending scanner finding on a new file of the project. */
async function findingIn(project: Project): Promise<string> {
  const file = await fileIn(await versionIn(project.id))
  return (await w.payload.create({ collection: 'file-findings', data: { file, project: project.id, kind: 'hardcoded-ip', severity: 'high', entry: 'a/B.class', detail: 'IP address in a class constant: 45.155.205.233', verdict: 'pending' }, overrideAccess: true })).id
}
const fileIn = async (versionId: string) => {
  const data = testJar(uniq('jar'))
  return (await w.payload.create({ collection: 'version-files', data: { version: versionId, primary: true }, file: { data, mimetype: 'application/java-archive', name: `${uniq('mod')}.jar`, size: data.length }, overrideAccess: true })).id
}
const imageBy = async (userId: string, data: Record<string, unknown> = {}) => {
  const png = await tinyPng()
  return (await w.payload.create({ collection: 'images', data: { kind: 'gallery', uploader: userId, ...data }, file: { data: png, mimetype: 'image/png', name: `${uniq('img')}.png`, size: png.length }, overrideAccess: true })).id
}
/** A membership row of the acting user in someone else's project. */
async function rowFor(ctx: AttackContext, row: { accepted: boolean; permissions: number }): Promise<string> {
  const project = await projectOf(await victim(), 'draft')
  return (await w.payload.create({ collection: 'team-members', data: { team: relationId(project.team)!, user: actorUser(ctx).id, ...row }, overrideAccess: true })).id
}
const lexicalHi = { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Hi', format: 0, detail: 0, mode: 'normal', style: '' }] }] } }
const draftNews = async () => (await w.payload.create({ collection: 'news', data: { title: 'Draft', slug: uniq('draft'), summary: 'Not yet.', _status: 'draft', content: lexicalHi } as never, overrideAccess: true })).id
const threadOf = async (projectId: string) => relationId((await w.payload.findByID({ collection: 'projects', id: projectId, depth: 0, overrideAccess: true })).thread)!
const count = async (collection: CollectionSlug, where: Record<string, unknown> = {}) => (await w.payload.count({ collection, where: where as never, overrideAccess: true })).totalDocs

/** Billing fixtures: a fresh product and USD price, a subscription and its open charge for a user. */
const billingPrice = async () => {
  const product = await w.payload.create({ collection: 'billing-products', data: { key: uniq('plan'), name: 'Plan', kind: 'plus' }, overrideAccess: true })
  return w.payload.create({ collection: 'billing-prices', data: { product: product.id, currency: 'USD', monthly: 499, yearly: 4999 }, overrideAccess: true, depth: 0 })
}
async function subscriptionOf(userId: string) {
  const price = await billingPrice()
  return w.payload.create({ collection: 'subscriptions', data: { user: userId, product: price.product, price: price.id, currency: 'USD', interval: 'monthly', status: 'unprovisioned', endedReason: 'paymentFailed' }, overrideAccess: true, depth: 0 })
}
async function chargeOf(userId: string) {
  const sub = await subscriptionOf(userId)
  return w.payload.create({ collection: 'charges', data: { user: userId, subscription: sub.id, type: 'renewal', status: 'failed', amount: 499, currency: 'USD', interval: 'monthly', due: new Date().toISOString() }, overrideAccess: true, depth: 0 })
}

// ——— the attacks ——————————————————————————————————————————————————————————————————————————————
const ATTACKS: Attack[] = [
  {
    name: 'a token is handed to an admin (critical)',
    collection: 'access-tokens', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'access-tokens', data: { user: actorUser(ctx).id, name: 'My token', scopes: '0', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, overrideAccess: true })).id,
    data: () => ({ user: otherAdmin.id }),
  },
  { name: "a token's stored hash is replaced", collection: 'access-tokens', op: 'update', target: async (ctx) => (await w.payload.create({ collection: 'access-tokens', data: { user: actorUser(ctx).id, name: 'My token', scopes: '0', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }, overrideAccess: true })).id, data: () => ({ tokenHash: 'f'.repeat(64), lastUsed: new Date(0).toISOString() }),
    snapshot: async ({ targetId }) => storedFields(w.payload, 'access-tokens', targetId!, ['lastUsed']) },
  {
    name: 'a token is created for someone else',
    collection: 'access-tokens', op: 'create',
    data: async () => ({ user: otherAdmin.id, name: uniq('planted'), scopes: '0', expiresAt: new Date(Date.now() + 3_600_000).toISOString() }),
    snapshot: async ({ data }) => count('access-tokens', { name: { equals: data.name } }),
  },
  {
    name: 'a membership is moved into another project’s team (critical)',
    collection: 'team-members', op: 'update',
    target: (ctx) => rowFor(ctx, { accepted: true, permissions: 0 }),
    data: async () => ({ team: relationId((await projectOf(await victim())).team) }),
  },
  {
    name: 'a member gives themselves every permission (critical)',
    collection: 'team-members', op: 'update',
    target: (ctx) => rowFor(ctx, { accepted: true, permissions: 0 }),
    data: () => ({ permissions: ALL_PROJECT_PERMISSIONS }),
    allowed: ['admin'],
  },
  {
    name: 'a pending invitee accepts with every permission (critical)',
    collection: 'team-members', op: 'update',
    target: (ctx) => rowFor(ctx, { accepted: false, permissions: 0 }),
    data: () => ({ accepted: true, permissions: ALL_PROJECT_PERMISSIONS }),
    allowed: ['admin'],
  },
  {
    name: 'an invitee accepts their own invitation',
    collection: 'team-members', op: 'update',
    target: (ctx) => rowFor(ctx, { accepted: false, permissions: 0 }),
    data: () => ({ accepted: true }),
    allowed: ['stranger', 'memberNoBits', 'member', 'owner', 'moderator', 'admin'],
  },
  {
    name: 'a membership is handed to another user, made owner, re-ordered',
    collection: 'team-members', op: 'update',
    target: (ctx) => rowFor(ctx, { accepted: true, permissions: 0 }),
    data: async () => ({ user: (await victim()).id, isOwner: true, role: 'Owner', payoutsSplit: 100, ordering: -1 }),
  },
  {
    name: 'someone is forced into a team, accepted, with bits (medium)',
    collection: 'team-members', op: 'create',
    data: async () => ({ team: relationId((await w.makeProject('draft')).team), user: (await victim()).id, accepted: true, permissions: 1 }),
    snapshot: async ({ data }) => count('team-members', { team: { equals: data.team } }),
  },
  {
    name: 'an invitation grants more bits than the inviter holds',
    collection: 'team-members', op: 'create',
    data: async () => ({ team: relationId((await w.makeProject('draft')).team), user: (await victim()).id, permissions: ALL_PROJECT_PERMISSIONS, organizationPermissions: 0 }),
    snapshot: async ({ data }) => count('team-members', { team: { equals: data.team } }),
    allowed: ['owner', 'admin'],
  },
  {
    name: 'a version is moved into someone else’s approved project (critical)',
    collection: 'versions', op: 'update',
    target: async () => versionIn((await w.makeProject('approved')).id),
    data: async () => ({ project: (await projectOf(await victim())).id }),
  },
  {
    name: 'a version’s counters and author are rewritten',
    collection: 'versions', op: 'update',
    target: async () => versionIn((await w.makeProject('approved')).id),
    data: async () => ({ downloads: 1_000_000, author: (await victim()).id }),
  },
  {
    name: 'a version’s release is scheduled (needs EDIT_DETAILS)',
    collection: 'versions', op: 'update',
    target: async () => versionIn((await w.makeProject('approved')).id),
    data: () => ({ status: 'scheduled', requestedStatus: 'listed', datePublished: new Date(Date.now() + 3_600_000).toISOString() }),
    allowed: ['member', 'owner', 'moderator', 'admin'],
  },
  {
    name: 'a version is given the site’s own status, or a status it cannot be released as',
    collection: 'versions', op: 'update',
    target: async () => scheduledVersionIn((await w.makeProject('approved')).id),
    data: () => ({ status: 'unknown', requestedStatus: 'scheduled' }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a scheduled release is moved into the past (out at once)',
    collection: 'versions', op: 'update',
    target: async () => scheduledVersionIn((await w.makeProject('approved')).id),
    data: () => ({ datePublished: new Date(Date.now() - 3_600_000).toISOString() }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'an approved project is scheduled (its release time kept as the approval date)',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('approved')).id,
    data: () => ({ status: 'scheduled', requestedStatus: 'unlisted', approved: new Date(Date.now() + 3_600_000).toISOString() }),
    allowed: ['member', 'owner', 'moderator', 'admin'],
  },
  {
    name: 'a project is scheduled for the past, or its approval date moved while not scheduled',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('approved')).id,
    data: () => ({ status: 'scheduled', requestedStatus: 'unlisted', approved: new Date(Date.now() - 3_600_000).toISOString() }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a version is created with the site’s own status',
    collection: 'versions', op: 'create',
    data: async () => ({ project: (await w.makeProject('approved')).id, versionNumber: uniq('7.7'), gameVersions: ['1.21'], loaders: ['fabric'], status: 'unknown' }),
    snapshot: async ({ data }) => count('versions', { project: { equals: data.project } }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a version is created already scheduled, but for the past',
    collection: 'versions', op: 'create',
    data: async () => ({ project: (await w.makeProject('approved')).id, versionNumber: uniq('7.8'), gameVersions: ['1.21'], loaders: ['fabric'], status: 'scheduled', requestedStatus: 'listed', datePublished: new Date(Date.now() - 3_600_000).toISOString() }),
    snapshot: async ({ data }) => count('versions', { project: { equals: data.project } }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a version is created in someone else’s project',
    collection: 'versions', op: 'create',
    data: async () => ({ project: (await projectOf(await victim())).id, versionNumber: uniq('9.9'), gameVersions: ['1.21'], loaders: ['fabric'] }),
    snapshot: async ({ data }) => count('versions', { project: { equals: data.project } }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a version depends on a hidden project',
    collection: 'versions', op: 'update',
    target: async () => versionIn((await w.makeProject('approved')).id),
    data: async () => ({ dependencies: [{ project: (await projectOf(await victim(), 'draft')).id, dependencyType: 'required' }] }),
    snapshot: async ({ targetId }) => comparable(((await w.payload.findByID({ collection: 'versions', id: targetId!, depth: 0, overrideAccess: true })).dependencies ?? []).map((d) => d.project)),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a file is moved into someone else’s version (critical)',
    collection: 'version-files', op: 'update',
    target: async () => fileIn(await versionIn((await w.makeProject('approved')).id)),
    data: async () => ({ version: await versionIn((await projectOf(await victim())).id) }),
  },
  {
    name: 'a file’s hashes are rewritten',
    collection: 'version-files', op: 'update',
    target: async () => fileIn(await versionIn((await w.makeProject('approved')).id)),
    data: () => ({ sha1: '0'.repeat(40), sha512: '0'.repeat(128) }),
  },
  {
    name: 'a quarantined file is released (technical review)',
    collection: 'version-files', op: 'update',
    target: async () => {
      const id = await fileIn(await versionIn((await w.makeProject('approved')).id))
      await w.payload.update({ collection: 'version-files', id, data: { quarantined: true }, overrideAccess: true })
      return id
    },
    data: () => ({ quarantined: false }),
  },
  {
    name: 'a scanner finding is planted',
    collection: 'file-findings', op: 'create',
    data: async () => ({ file: await fileIn(await versionIn((await w.makeProject('approved')).id)), project: (await w.makeProject('approved')).id, kind: 'url', severity: 'low', detail: uniq('planted'), verdict: 'safe' }),
    snapshot: async ({ data }) => count('file-findings', { detail: { equals: data.detail } }),
  },
  {
    name: 'a scanner finding is rewritten: moved, its severity lowered, its verdict credited to someone else',
    collection: 'file-findings', op: 'update',
    target: async () => findingIn(await w.makeProject('approved')),
    data: async () => ({ file: await fileIn(await versionIn((await projectOf(await victim())).id)), project: (await projectOf(await victim())).id, kind: 'url', severity: 'low', entry: 'elsewhere', detail: 'Nothing to see', decidedBy: otherAdmin.id, decidedAt: new Date(0).toISOString() }),
  },
  {
    name: 'a verdict on a scanner finding is given by someone who is not staff',
    collection: 'file-findings', op: 'update',
    target: async () => findingIn(await w.makeProject('approved')),
    data: () => ({ verdict: 'safe' }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a known-malicious hash is listed in someone else’s name',
    collection: 'malicious-hashes', op: 'update',
    target: async () => (await w.payload.create({ collection: 'malicious-hashes', data: { hash: randomBytes(20).toString('hex'), reason: 'Stealer' }, overrideAccess: true })).id,
    data: () => ({ addedBy: otherAdmin.id }),
  },
  {
    name: 'a stranger features an image in someone else’s gallery (high)',
    collection: 'images', op: 'update',
    target: (ctx) => imageBy(actorUser(ctx).id),
    data: async () => ({ project: (await projectOf(await victim())).id, featured: true }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'an image in a gallery is featured by someone outside the team',
    collection: 'images', op: 'update',
    target: async () => imageBy((await victim()).id, { project: (await projectOf(await victim())).id }),
    data: () => ({ featured: true, ordering: -5 }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'an image’s uploader is rewritten',
    collection: 'images', op: 'update',
    target: (ctx) => imageBy(actorUser(ctx).id),
    data: async () => ({ uploader: (await victim()).id }),
  },
  {
    name: 'a member with EDIT_DETAILS takes the project’s team (high)',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('draft')).id,
    data: async (ctx) => ({ team: relationId((await projectOf(actorUser(ctx), 'draft')).team) }),
    allowed: ['admin'],
  },
  {
    name: 'a project is moved into the actor’s organization (high)',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('draft')).id,
    data: async (ctx) => ({ organization: (await w.payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Own Organization' }, user: actorUser(ctx), overrideAccess: true })).id }),
    allowed: ['owner', 'admin'],
  },
  {
    name: 'a project is created in someone else’s organization (medium)',
    collection: 'projects', op: 'create',
    data: async () => ({ slug: uniq('planted'), title: 'Planted Project', summary: 'Attributed to someone else.', projectType: 'mod', organization: (await w.payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Victim Organization' }, user: await victim(), overrideAccess: true })).id }),
    snapshot: async ({ data }) => count('projects', { slug: { equals: data.slug } }),
    // Moderators hold ADD_PROJECT on every organization (reference §3).
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'the owner approves their own project, writes the moderator message, moves dates',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('draft')).id,
    data: () => ({ status: 'approved', moderatorMessage: { message: 'Looks great', body: null }, approved: new Date(0).toISOString(), updated: new Date(0).toISOString(), queued: new Date(0).toISOString(), published: new Date(0).toISOString(), monetizationStatus: 'demonetized' }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a project’s description is rewritten (needs EDIT_BODY)',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('draft')).id,
    data: () => ({ body: 'Defaced.' }),
    allowed: ['member', 'owner', 'moderator', 'admin'],
  },
  {
    name: 'counters, derived tags and the thread of a project are rewritten',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('approved')).id,
    data: async () => ({ downloads: 1_000_000, followers: 5_000, loaders: ['forge'], gameVersions: ['1.20.1'], thread: await threadOf((await projectOf(await victim())).id) }),
  },
  {
    name: 'a status-change message is forged in another project’s thread (medium)',
    collection: 'thread-messages', op: 'create',
    data: async () => ({ thread: await threadOf((await projectOf(await victim(), 'processing')).id), type: 'status_change', oldStatus: 'processing', newStatus: 'approved', text: 'Approved!' }),
    snapshot: async ({ data }) => count('thread-messages', { thread: { equals: data.thread } }),
  },
  {
    name: 'a message is written in a thread as someone else, privately',
    collection: 'thread-messages', op: 'create',
    data: async () => ({ thread: await threadOf((await w.makeProject('processing')).id), author: (await victim()).id, private: true, text: 'Signed by someone else' }),
    snapshot: async ({ data }) => count('thread-messages', { thread: { equals: data.thread } }),
  },
  {
    name: 'a message is moved to another thread',
    collection: 'thread-messages', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'thread-messages', data: { thread: await threadOf((await w.makeProject('processing')).id), author: actorUser(ctx).id, text: 'Mine' }, overrideAccess: true })).id,
    data: async () => ({ thread: await threadOf((await projectOf(await victim(), 'processing')).id), type: 'deleted', newStatus: 'approved' }),
  },
  {
    name: 'a notification with a javascript: link is planted in another user’s inbox (medium)',
    collection: 'notifications', op: 'create',
    data: async () => ({ user: (await victim()).id, title: uniq('Planted'), link: 'javascript:alert(1)' }),
    snapshot: async ({ data }) => count('notifications', { user: { equals: data.user } }),
  },
  {
    name: 'a notification’s owner marks it read but rewrites its text',
    collection: 'notifications', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'notifications', data: { user: actorUser(ctx).id, title: 'Your project was approved' }, overrideAccess: true })).id,
    data: async () => ({ title: 'Click here', text: 'Urgent', type: 'team_invite', body: { forged: true }, actions: [{ title: 'Accept' }], link: 'https://evil.example', user: (await victim()).id, emailStatus: 'pending' }),
    allowed: ['admin'],
  },
  {
    name: 'a collection is created “owned by” another user (medium)',
    collection: 'user-collections', op: 'create',
    data: async () => ({ name: uniq('Planted picks'), owner: (await victim()).id }),
    snapshot: async ({ data }) => count('user-collections', { name: { equals: data.name } }),
    allowed: ['admin'],
  },
  {
    name: 'a collection changes owner or lists a hidden project',
    collection: 'user-collections', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'user-collections', data: { name: 'My picks', owner: actorUser(ctx).id }, overrideAccess: true })).id,
    data: async () => ({ owner: (await victim()).id, projects: [(await projectOf(await victim(), 'draft')).id] }),
  },
  {
    name: 'a follow is recorded for someone else',
    collection: 'follows', op: 'create',
    data: async () => ({ user: (await victim()).id, project: (await w.makeProject('approved')).id }),
    snapshot: async ({ data }) => count('follows', { project: { equals: data.project } }),
    allowed: ['admin'],
  },
  {
    name: 'a report names an item that does not exist, or another reporter',
    collection: 'reports', op: 'create',
    data: async () => ({ reportType: 'spam', itemType: 'project', itemId: uniq('nope').slice(0, 8), reporter: (await victim()).id, body: 'Spam.' }),
    snapshot: async ({ data }) => count('reports', { itemId: { equals: data.itemId } }),
  },
  {
    name: 'a reporter closes their report or relinks it',
    collection: 'reports', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: (await w.makeProject('approved')).id, reporter: actorUser(ctx).id, body: 'Spam.' }, overrideAccess: true })).id,
    data: async () => ({ closed: true, itemId: (await projectOf(await victim())).id, thread: await threadOf((await projectOf(await victim())).id) }),
  },
  {
    name: 'a user promotes themselves, awards badges, edits their balance',
    collection: 'users', op: 'update',
    target: async (ctx) => (ctx.actor === 'anonymous' ? w.users.stranger.id : w.users[ctx.actor].id),
    data: () => ({ role: 'admin', newsEditor: true, badges: 255, payoutData: { balance: 1_000_000 } }),
    snapshot: async ({ targetId }) => {
      const u = await w.payload.findByID({ collection: 'users', id: targetId!, overrideAccess: true })
      return comparable({ role: u.role, newsEditor: u.newsEditor, badges: u.badges, balance: u.payoutData?.balance })
    },
  },
  {
    name: 'someone else’s image becomes a project icon or avatar',
    collection: 'projects', op: 'update',
    target: async () => (await w.makeProject('approved')).id,
    data: async () => ({ icon: await imageBy((await victim()).id) }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'someone else’s image becomes an avatar',
    collection: 'users', op: 'update',
    target: async (ctx) => actorUser(ctx).id,
    data: async () => ({ avatar: await imageBy((await victim()).id) }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'someone else’s image becomes a collection icon',
    collection: 'user-collections', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'user-collections', data: { name: 'My picks', owner: actorUser(ctx).id }, overrideAccess: true })).id,
    data: async () => ({ icon: await imageBy((await victim()).id) }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'someone else’s image becomes an organization icon',
    collection: 'organizations', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Own Organization' }, user: actorUser(ctx), overrideAccess: true })).id,
    data: async () => ({ icon: await imageBy((await victim()).id) }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a team is turned into an organization team',
    collection: 'teams', op: 'update',
    target: async () => relationId((await w.makeProject('draft')).team)!,
    data: () => ({ kind: 'organization' }),
    allowed: ['admin'],
  },
  {
    name: 'a team is renamed by hand (its name is its project’s title, kept by the site)',
    collection: 'teams', op: 'update',
    target: async () => relationId((await w.makeProject('draft')).team)!,
    data: () => ({ name: 'Not its project' }),
    allowed: [],
  },
  {
    name: 'a reply quotes a message of another thread',
    collection: 'thread-messages', op: 'create',
    data: async () => {
      const hidden = await w.payload.create({ collection: 'thread-messages', data: { thread: await threadOf((await projectOf(await victim(), 'processing')).id), text: 'Private to that team' }, overrideAccess: true })
      return { thread: await threadOf((await w.makeProject('processing')).id), replyingTo: hidden.id, text: 'Quoting' }
    },
    snapshot: async ({ data }) => count('thread-messages', { thread: { equals: data.thread } }),
  },
  {
    name: 'a news draft is published, backdated or re-attributed by someone who is not an editor',
    collection: 'news', op: 'update',
    target: draftNews,
    // Another editor: crediting an editor is an editor's call; who is not one may not.
    data: async () => ({ _status: 'published', publishedAt: '2001-01-01T00:00:00.000Z', authors: [(await makeUser(w.payload, 'developer', { newsEditor: true })).id] }),
    allowed: ['admin'],
  },
  {
    name: 'a news article is credited to someone who is not a news editor (by anyone, editors included)',
    collection: 'news', op: 'update',
    target: draftNews,
    data: async () => ({ authors: [(await victim()).id] }),
    allowed: [],
  },
  {
    name: 'a news article is created credited to someone who is not a news editor',
    collection: 'news', op: 'create',
    data: async () => ({ title: 'Credited', slug: uniq('credited'), summary: 'Not theirs.', _status: 'draft', authors: [(await victim()).id], content: lexicalHi }),
    snapshot: async ({ data }) => count('news', { slug: { equals: data.slug } }),
    allowed: [],
  },
  {
    name: 'a news article shows a hidden project’s gallery picture as its thumbnail (by anyone, editors included)',
    collection: 'news', op: 'update',
    target: draftNews,
    data: async () => ({ thumbnail: await imageBy((await victim()).id, { project: (await projectOf(await victim(), 'draft')).id }) }),
    allowed: [],
  },
  {
    name: 'a news article is created already published by someone who is not an editor',
    collection: 'news', op: 'create',
    data: () => ({ title: 'Published', slug: uniq('published'), summary: 'Now.', _status: 'published', publishedAt: '2001-01-01T00:00:00.000Z', content: { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Hi', format: 0, detail: 0, mode: 'normal', style: '' }] }] } } }),
    snapshot: async ({ data }) => count('news', { slug: { equals: data.slug } }),
    allowed: ['admin'],
  },
  {
    name: 'a changelog draft is published by someone who is not an editor',
    collection: 'changelog-entries', op: 'update',
    target: async () => String((await w.payload.create({ collection: 'changelog-entries', data: { date: new Date().toISOString(), product: 'web', body: 'Fixed things.', _status: 'draft' }, overrideAccess: true })).id),
    data: () => ({ _status: 'published' }),
    allowed: ['admin'],
  },
  {
    name: 'a team changes kind, an organization its team',
    collection: 'organizations', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Own Organization' }, user: actorUser(ctx), overrideAccess: true })).id,
    data: async () => ({ team: relationId((await projectOf(await victim())).team) }),
    allowed: ['admin'],
  },
  {
    name: 'a thread is re-pointed at another project',
    collection: 'threads', op: 'update',
    target: async () => threadOf((await w.makeProject('processing')).id),
    data: async () => ({ type: 'direct_message', project: (await projectOf(await victim())).id, report: (await w.payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'user', itemId: w.users.stranger.id, body: 'Spam.' }, overrideAccess: true })).id, members: [w.users.stranger.id] }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a user switches two-factor by hand, or plants their own secret and backup codes',
    collection: 'users', op: 'update',
    // The actor's own account, with two-factor off (on, it would stop the matrix's own sign-ins).
    target: async (ctx) => actorUser(ctx).id,
    data: () => ({ twoFactorEnabled: true, twoFactor: { secret: 'AAAAAAAAAAAAAAAA', pendingSecret: 'AAAAAAAAAAAAAAAA', backupCodes: ['f'.repeat(64)], lastStep: 0 } }),
    snapshot: async ({ targetId }) => {
      const u = (await w.payload.findByID({ collection: 'users', id: targetId!, overrideAccess: true, showHiddenFields: true })) as User & { twoFactor?: unknown }
      return comparable({ enabled: u.twoFactorEnabled, twoFactor: u.twoFactor })
    },
  },
  {
    // Email preferences (issue 34) are their user's alone: not even an admin turns someone's mail off.
    name: 'someone switches off another user’s notification emails',
    collection: 'users', op: 'update',
    target: async () => (await victim()).id,
    data: () => ({ emailNotifications: { team_invite: false, status_change: false, payout: false } }),
  },
  {
    name: 'a user marks their own email verified (or plants a verification token)',
    collection: 'users', op: 'update',
    target: async (ctx) => actorUser(ctx).id,
    data: () => ({ emailVerified: true, emailVerification: { tokenHash: 'f'.repeat(64), sentAt: new Date().toISOString() } }),
  },
  {
    name: 'mail is planted in the outbox',
    collection: 'email-outbox', op: 'create',
    data: () => ({ to: 'victim@example.test', subject: uniq('Reset your password'), html: '<a href="https://evil.example">reset</a>', text: 'https://evil.example' }),
    snapshot: async ({ data }) => count('email-outbox', { subject: { equals: data.subject } }),
  },
  {
    name: 'outbox mail is rewritten',
    collection: 'email-outbox', op: 'update',
    target: async () => (await w.payload.create({ collection: 'email-outbox', data: { to: 'someone@example.test', subject: 'Verify your email', html: '<p>ok</p>', text: 'ok' }, overrideAccess: true })).id.toString(),
    data: () => ({ to: 'attacker@example.test', subject: 'Changed', html: '<a href="https://evil.example">x</a>', text: 'x' }),
  },
  {
    name: 'a provider account is linked to someone else’s account (account takeover)',
    collection: 'auth-identities', op: 'create',
    data: () => ({ provider: 'gitlab', subject: uniq('attacker-sub'), user: otherAdmin.id, email: 'attacker@oidc.example' }),
    snapshot: async ({ data }) => count('auth-identities', { subject: { equals: data.subject } }),
  },
  {
    name: 'a linked sign-in is moved to another account or rewritten',
    collection: 'auth-identities', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'auth-identities', data: { provider: 'gitlab', subject: uniq('sub'), user: actorUser(ctx).id }, overrideAccess: true })).id),
    data: () => ({ provider: 'github', subject: uniq('attacker-sub'), user: otherAdmin.id, email: 'attacker@oidc.example' }),
  },
  {
    name: "a session's details are planted on someone's account",
    collection: 'session-details', op: 'create',
    data: () => ({ sid: uniq('planted-sid'), user: otherAdmin.id, os: 'Planted', platform: 'Planted', userAgent: 'evil', lastAccessed: new Date().toISOString() }),
    snapshot: async ({ data }) => count('session-details', { sid: { equals: data.sid } }),
  },
  {
    name: "a session's details are moved to another account or rewritten",
    collection: 'session-details', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'session-details', data: { sid: uniq('sid'), user: actorUser(ctx).id, os: 'Linux', platform: 'Firefox' }, overrideAccess: true })).id),
    data: () => ({ sid: uniq('stolen'), user: otherAdmin.id, os: 'Changed', platform: 'Changed', userAgent: 'evil', lastAccessed: new Date(0).toISOString() }),
  },
  {
    name: 'an OAuth app is registered in someone else’s name, with a planted secret',
    collection: 'oauth-apps', op: 'create',
    data: () => ({ name: uniq('planted-app'), createdBy: otherAdmin.id, maxScopes: '2', redirectUris: [{ uri: 'https://evil.example/cb' }], secretHash: 'f'.repeat(64) }),
    snapshot: async ({ data }) => count('oauth-apps', { and: [{ name: { equals: data.name } }, { createdBy: { equals: otherAdmin.id } }] }),
  },
  {
    name: 'an OAuth app is handed to another account, given restricted scopes, someone’s image or a known secret',
    collection: 'oauth-apps', op: 'update',
    target: async (ctx) => (await w.payload.create({ collection: 'oauth-apps', data: { createdBy: actorUser(ctx).id, name: uniq('app'), maxScopes: '2', redirectUris: [{ uri: 'https://app.example/cb' }] }, overrideAccess: true })).id,
    data: async () => ({ createdBy: otherAdmin.id, maxScopes: String(1n << 24n), icon: await imageBy(otherAdmin.id, { kind: 'icon' }), secretHash: 'f'.repeat(64) }),
    snapshot: async ({ targetId }) => storedFields(w.payload, 'oauth-apps', targetId!, ['createdBy', 'maxScopes', 'icon']),
  },
  {
    name: 'an app is authorized on someone’s behalf (consent forged)',
    collection: 'oauth-authorizations', op: 'create',
    data: async () => ({ user: otherAdmin.id, app: (await w.payload.create({ collection: 'oauth-apps', data: { createdBy: w.users.stranger.id, name: uniq('app'), maxScopes: '2', redirectUris: [{ uri: 'https://app.example/cb' }] }, overrideAccess: true })).id, scopes: '2' }),
    snapshot: async ({ data }) => count('oauth-authorizations', { app: { equals: data.app } }),
  },
  {
    name: 'a consent is widened or moved',
    collection: 'oauth-authorizations', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'oauth-authorizations', data: { user: actorUser(ctx).id, app: (await w.payload.create({ collection: 'oauth-apps', data: { createdBy: otherAdmin.id, name: uniq('app'), maxScopes: '2', redirectUris: [{ uri: 'https://app.example/cb' }] }, overrideAccess: true })).id, scopes: '2' }, overrideAccess: true })).id),
    data: () => ({ user: otherAdmin.id, app: 'elsewhere', scopes: String((1n << 40n) - 1n) }),
    snapshot: async ({ targetId }) => storedFields(w.payload, 'oauth-authorizations', targetId!, ['user', 'app', 'scopes']),
  },
  ...(['oauth-codes', 'oauth-tokens'] as const).flatMap((collection): Attack[] => {
    const hash = collection === 'oauth-codes' ? 'codeHash' : 'tokenHash'
    const grant = async (user: string) => ({
      [hash]: uniq('hash'), app: (await w.payload.create({ collection: 'oauth-apps', data: { createdBy: otherAdmin.id, name: uniq('app'), maxScopes: '2', redirectUris: [{ uri: 'https://app.example/cb' }] }, overrideAccess: true })).id,
      user, scopes: '2', expiresAt: new Date(Date.now() + 600_000).toISOString(), ...(collection === 'oauth-codes' ? { redirectUri: 'https://app.example/cb', codeChallenge: null, codeChallengeMethod: null } : { lastUsed: null }),
    })
    return [
      {
        name: `an ${collection === 'oauth-codes' ? 'authorization code' : 'OAuth access token'} is minted for someone`,
        collection, op: 'create',
        data: async () => grant(otherAdmin.id),
        snapshot: async ({ data }) => count(collection, { [hash]: { equals: data[hash] } }),
      },
      {
        name: `an ${collection === 'oauth-codes' ? 'authorization code' : 'OAuth access token'} is moved, widened or extended`,
        collection, op: 'update',
        target: async () => String((await w.payload.create({ collection, data: (await grant(w.users.stranger.id)) as never, overrideAccess: true })).id),
        data: () => ({ [hash]: 'f'.repeat(64), user: otherAdmin.id, scopes: String((1n << 40n) - 1n), expiresAt: new Date(Date.now() + 10 * 365 * 86_400_000).toISOString(), ...(collection === 'oauth-codes' ? { redirectUri: 'https://evil.example/cb', codeChallenge: 'x'.repeat(43), codeChallengeMethod: 'S256', app: 'elsewhere' } : { lastUsed: new Date(0).toISOString(), app: 'elsewhere' }) }),
        snapshot: async ({ targetId }) => storedFields(w.payload, collection, targetId!, ['user', 'scopes', 'expiresAt', 'app']),
      },
    ]
  }),
  // ——— billing (issue 29): amounts, statuses, owners and provider ids are the site's; prices are administrators' ———
  {
    name: 'a price is set to zero',
    collection: 'billing-prices', op: 'update',
    target: async () => (await billingPrice()).id,
    data: async () => ({ monthly: 0, yearly: 1, product: (await w.payload.create({ collection: 'billing-products', data: { key: uniq('other-plan'), name: 'Other plan', kind: 'plus' }, overrideAccess: true })).id }),
    allowed: ['admin'],
  },
  {
    name: 'a product is created',
    collection: 'billing-products', op: 'create',
    data: () => ({ key: uniq('free-plus'), name: 'Free Plus', kind: 'plus' }),
    snapshot: async ({ data }) => count('billing-products', { key: { equals: data.key } }),
    allowed: ['admin'],
  },
  {
    name: 'a charge is marked paid, zeroed or moved (critical)',
    collection: 'charges', op: 'update',
    target: async (ctx) => (await chargeOf(actorUser(ctx).id)).id,
    data: async () => {
      const other = await chargeOf(otherAdmin.id)
      const card = await w.payload.create({ collection: 'payment-methods', data: { user: otherAdmin.id, provider: 'test', providerId: uniq('tpm'), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, overrideAccess: true })
      return { status: 'succeeded', type: 'refund', amount: 0, user: otherAdmin.id, subscription: other.subscription, price: other.price, method: card.id, parent: other.id, paymentId: 'pi_forged', due: new Date(Date.now() + 10 * 365 * 86_400_000).toISOString() }
    },
  },
  {
    name: 'a paid charge is planted',
    collection: 'charges', op: 'create',
    data: (ctx) => ({ user: ctx.userId ?? w.users.stranger.id, type: 'subscription', status: 'succeeded', amount: 499, currency: 'USD', due: new Date().toISOString(), paymentId: uniq('pi') }),
    snapshot: async ({ data }) => count('charges', { paymentId: { equals: data.paymentId } }),
  },
  {
    name: 'a subscription provisions itself (critical)',
    collection: 'subscriptions', op: 'update',
    target: async (ctx) => (await subscriptionOf(actorUser(ctx).id)).id,
    data: () => ({ status: 'provisioned', endedReason: null, user: otherAdmin.id }),
  },
  {
    name: 'a provisioned subscription is planted',
    collection: 'subscriptions', op: 'create',
    data: async (ctx) => {
      const price = await billingPrice()
      return { user: ctx.userId ?? w.users.stranger.id, product: price.product, price: price.id, currency: 'USD', interval: 'yearly', status: 'provisioned' }
    },
    snapshot: async ({ data }) => count('subscriptions', { price: { equals: data.price } }),
  },
  {
    name: 'a card is moved to another user or pointed at another provider id',
    collection: 'payment-methods', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'payment-methods', data: { user: actorUser(ctx).id, provider: 'test', providerId: uniq('tpm'), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }, overrideAccess: true })).id),
    data: () => ({ user: otherAdmin.id, providerId: uniq('pm_stolen'), primary: true }),
  },
  {
    name: 'a customer record is pointed at someone else’s customer',
    collection: 'billing-customers', op: 'update',
    target: async () => String((await w.payload.create({ collection: 'billing-customers', data: { user: (await victim()).id, provider: 'test', customerId: uniq('tcus') }, overrideAccess: true })).id),
    data: () => ({ customerId: uniq('cus_victim'), user: otherAdmin.id }),
  },
  {
    name: 'a webhook event id is planted (it would make the real event look replayed)',
    collection: 'billing-events', op: 'create',
    data: () => ({ provider: 'stripe', eventId: uniq('evt'), type: 'payment_intent.succeeded' }),
    snapshot: async ({ data }) => count('billing-events', { eventId: { equals: data.eventId } }),
  },
  {
    name: 'who entered a revenue pool’s income is rewritten',
    collection: 'revenue-pools', op: 'update',
    target: async () => String((await w.payload.create({ collection: 'revenue-pools', data: { period: `2098-${String((n % 12) + 1).padStart(2, '0')}`, amount: 100, source: 'ads' }, overrideAccess: true })).id),
    data: () => ({ enteredBy: otherAdmin.id }),
  },
  {
    name: 'a withdrawal is marked paid or moved to someone else',
    collection: 'withdrawals', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'withdrawals', data: { user: actorUser(ctx).id, rail: 'test', destination: 'me@example.test', gross: 1_000_000, fee: 0, net: 1_000_000, status: 'failed' }, overrideAccess: true })).id),
    data: () => ({ status: 'succeeded', user: otherAdmin.id }),
  },
  {
    name: 'a hold or release of someone’s balance is forged',
    collection: 'revenue-staff-acts', op: 'create',
    data: async () => ({ user: (await victim()).id, staff: otherAdmin.id, act: 'release', reason: uniq('forged') }),
    snapshot: async ({ data }) => count('revenue-staff-acts', { reason: { equals: data.reason } }),
  },
  {
    name: 'a tax form is planted for someone else',
    collection: 'revenue-tax-forms', op: 'create',
    data: async () => ({ user: (await victim()).id, year: 2100 + (++n % 800), legalName: uniq('Planted'), country: 'US', taxIdType: 'ssn', taxIdLast4: '0000', signedOn: new Date().toISOString() }),
    snapshot: async ({ data }) => count('revenue-tax-forms', { legalName: { equals: data.legalName } }),
  },
  {
    name: 'a staff act is forged',
    collection: 'billing-staff-acts', op: 'create',
    data: async (ctx) => {
      const charge = await chargeOf(ctx.userId ?? w.users.stranger.id)
      return { user: ctx.userId ?? w.users.stranger.id, staff: otherAdmin.id, act: 'credit', days: 365, subscription: charge.subscription, charge: charge.id, reason: uniq('forged') }
    },
    snapshot: async ({ data }) => count('billing-staff-acts', { reason: { equals: data.reason } }),
  },
  // ——— hosting (issue 31): nodes are administrators'; servers and their acts are the site's ———
  {
    name: 'a node is re-pointed, resized, re-keyed or marked healthy',
    collection: 'hosting-nodes', op: 'update',
    target: async () => String((await w.payload.create({ collection: 'hosting-nodes', data: { name: uniq('node'), region: (await hostingRegion()).id, url: 'http://127.0.0.1:1', publicHost: '127.0.0.1', token: 'node-secret', memoryMiB: 1024, maxServers: 1 }, overrideAccess: true })).id),
    data: async () => ({ region: (await hostingRegion()).id, token: uniq('stolen'), memoryMiB: 999_999, maxServers: 999, enabled: false, health: 'healthy', lastSeenAt: new Date().toISOString() }),
    allowed: ['admin'],
  },
  {
    name: 'a server is taken, resumed, re-planned or moved to another node (critical)',
    collection: 'servers', op: 'update',
    target: async (ctx) => (await serverOf(actorUser(ctx).id)).id,
    data: async () => {
      const other = await serverOf(otherAdmin.id)
      return {
        name: 'Taken', owner: otherAdmin.id, subscription: (await subscriptionOf(otherAdmin.id)).id, nextSubscription: (await subscriptionOf(otherAdmin.id)).id, product: other.product, region: other.region, node: other.node,
        port: 25565, subdomain: uniq('stolen'), gameVersion: '1.8.8', loader: 'paper', properties: { motd: 'pwned' }, status: 'available', suspensionReason: null,
        powerState: 'running', lastError: 'forged', statusChangedAt: new Date().toISOString(),
        startup: { heap_mb: 99_999, flags: ['--require=/tmp/pwn.js'] }, preferences: { autoRestart: true, confirmPower: false }, staffReason: 'forged by a test',
        autoBackupHours: 3, autoBackupSince: new Date().toISOString(),
      }
    },
  },
  {
    name: 'a running server is planted',
    collection: 'servers', op: 'create',
    data: async (ctx) => ({ name: uniq('planted'), owner: ctx.userId ?? w.users.stranger.id, ...(await hostingPlace()), status: 'available' }),
    snapshot: async ({ data }) => count('servers', { name: { equals: data.name } }),
  },
  // ——— hosting (issue 32): notices are staff's; dismissals are written by the owner's dismiss action only ———
  {
    name: 'a notice is published to every server',
    collection: 'server-notices', op: 'create',
    data: async () => ({
      title: uniq('notice'), message: 'Your server will be deleted, log in at evil.example', level: 'critical', assignedTo: 'servers', dismissable: false, begins: new Date().toISOString(),
      node: (await hostingPlace()).node, servers: [(await serverOf(otherAdmin.id)).id],
    }),
    snapshot: async ({ data }) => count('server-notices', { title: { equals: data.title } }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a notice is re-aimed at other servers or a node, made permanent and undismissable',
    collection: 'server-notices', op: 'update',
    target: async () => String((await w.payload.create({ collection: 'server-notices', data: { title: uniq('notice'), message: 'x', level: 'info', assignedTo: 'all', begins: new Date().toISOString() }, overrideAccess: true })).id),
    data: async () => ({ assignedTo: 'servers', servers: [(await serverOf(otherAdmin.id)).id], node: (await hostingPlace()).node, dismissable: false, expires: null, level: 'critical' }),
    allowed: ['moderator', 'admin'],
  },
  {
    name: 'a notice is dismissed for someone else, or planted as dismissed',
    collection: 'server-notice-dismissals', op: 'create',
    data: async (ctx) => {
      const notice = await w.payload.create({ collection: 'server-notices', data: { title: uniq('notice'), message: 'x', level: 'info', assignedTo: 'all', begins: new Date().toISOString() }, overrideAccess: true })
      return { notice: notice.id, server: (await serverOf(otherAdmin.id)).id, user: ctx.userId ?? otherAdmin.id }
    },
    snapshot: async ({ data }) => count('server-notice-dismissals', { notice: { equals: data.notice } }),
  },
  // ——— backups (issue 32): written by the backup service only — a slot, a lock or a state is nobody's to write ———
  {
    name: 'a backup is planted on a server, locked and ready',
    collection: 'server-backups', op: 'create',
    data: async (ctx) => ({ server: (await serverOf(ctx.userId ?? otherAdmin.id)).id, name: uniq('backup'), automated: false, locked: true, state: 'ready', sha256: 'f'.repeat(64), size: 1 }),
    snapshot: async ({ data }) => count('server-backups', { name: { equals: data.name } }),
  },
  {
    name: 'a backup is moved to another server, unlocked, marked ready or given a download',
    collection: 'server-backups', op: 'update',
    target: async (ctx) => String((await w.payload.create({ collection: 'server-backups', data: { server: (await serverOf(ctx.userId ?? otherAdmin.id)).id, name: uniq('backup'), automated: true, locked: true, state: 'failed' }, overrideAccess: true })).id),
    data: async () => ({
      server: (await serverOf(otherAdmin.id)).id, name: 'renamed', automated: false, locked: false, state: 'ready', progress: 100, reason: null, size: 1, sha256: 'f'.repeat(64),
      restoreState: 'restoring', restoreError: 'forged', downloadState: 'ready', downloadExpires: new Date(Date.now() + 1e9).toISOString(), downloadError: null, downloadKey: 'backups/x/y.tar.gz',
    }),
  },
  {
    name: 'an act on a server is forged',
    collection: 'server-acts', op: 'create',
    data: async (ctx) => ({ server: (await serverOf(ctx.userId ?? w.users.stranger.id)).id, actor: otherAdmin.id, act: uniq('forged'), detail: { by: 'nobody' } }),
    snapshot: async ({ data }) => count('server-acts', { act: { equals: data.act } }),
  },
]

const hostingRegion = () => w.payload.create({ collection: 'hosting-regions', data: { key: uniq('region'), name: 'Region' }, overrideAccess: true })
const hostingPlace = async () => {
  const region = await hostingRegion()
  const product = await w.payload.create({ collection: 'billing-products', data: { key: uniq('server-plan'), name: 'Server plan', kind: 'server', ramMiB: 1024 }, overrideAccess: true })
  const node = await w.payload.create({ collection: 'hosting-nodes', data: { name: uniq('node'), region: region.id, url: 'http://127.0.0.1:1', publicHost: '127.0.0.1', token: 'node-secret', memoryMiB: 4096, maxServers: 4 }, overrideAccess: true })
  return { region: region.id, product: product.id, node: node.id }
}
const serverOf = async (userId: string) =>
  w.payload.create({ collection: 'servers', data: { name: uniq('server'), owner: userId, gameVersion: '1.21.4', loader: 'flying-squid', ...(await hostingPlace()), status: 'suspended', suspensionReason: 'paymentfailed', port: 25601 }, overrideAccess: true, depth: 0 }) as Promise<{ id: string; product: string; region: string; node: string }>

/** An allowed actor's write changes the stored values; anyone else's is refused (a 4xx) and changes nothing. */
function expectVerdict(v: { allowed: boolean; actor: string; via: 'rest' | 'graphql'; outcome: Outcome; before: unknown; after: unknown }) {
  if (v.allowed) {
    expect(v.outcome, `${v.outcome.status} ${v.outcome.message}`).toMatchObject({ refused: false })
    expect(v.after).not.toEqual(v.before)
    return
  }
  expect(v.outcome.refused, `${v.actor} was let through`).toBe(true)
  expect([400, 401, 403, 404]).toContain(v.via === 'rest' ? v.outcome.status : 403)
  expect(v.after).toEqual(v.before)
}

describe('hostile-write matrix', () => {
  for (const attack of ATTACKS) {
    describe(attack.name, () => {
      for (const actor of HOSTILE_ACTORS) {
        for (const via of attack.restOnly ? (['rest'] as const) : (['rest', 'graphql'] as const)) {
          const allowed = attack.allowed?.includes(actor) ?? false
          it(`${actor} via ${via}: ${allowed ? 'allowed' : 'refused, nothing changed'}`, async () => {
            const user = actor === 'anonymous' ? null : w.users[actor]
            const ctx: AttackContext = { w, actor, userId: user?.id ?? null }
            const targetId = attack.op === 'update' ? await attack.target!(ctx) : undefined
            const data = await attack.data({ ...ctx, targetId })
            const snap = () => (attack.snapshot ? attack.snapshot({ ...ctx, targetId, data }) : storedFields(w.payload, attack.collection, targetId!, Object.keys(data)))
            const before = await snap()
            const outcome = await attempt(w, attack, actor, via, targetId, data)
            const after = await snap()
            expectVerdict({ allowed, actor, via, outcome, before, after })
          })
        }
      }
    })
  }
})

// ——— the operations axis: the same values through a copy (duplicate) and through a version restore ———————————
describe('hostile-write matrix: duplicate', () => {
  // A copy is made from a stored document with the hostile data merged over it; no collection offers
  // copies (src/access/operations.ts), so every actor is refused and no document appears.
  for (const attack of ATTACKS.filter((a) => a.op === 'update')) {
    it(`${attack.name}: a copy carrying the values is refused to every actor, REST and GraphQL`, async () => {
      const ctx: AttackContext = { w, actor: 'stranger', userId: w.users.stranger.id }
      const sourceId = await attack.target!(ctx)
      for (const actor of HOSTILE_ACTORS) {
        for (const via of attack.restOnly ? (['rest'] as const) : (['rest', 'graphql'] as const)) {
          const actorCtx: AttackContext = { w, actor, userId: actor === 'anonymous' ? null : w.users[actor].id }
          const data = await attack.data({ ...actorCtx, targetId: sourceId })
          const before = await count(attack.collection)
          const outcome = await attemptDuplicate(w, attack.collection, sourceId, actor, via, data)
          expect(outcome.refused, `${actor} via ${via} made a copy`).toBe(true)
          expect(await count(attack.collection), `${actor} via ${via}`).toBe(before)
        }
      }
    })
  }
})

describe('hostile-write matrix: version restore', () => {
  // Collections with versions: an earlier version holding the hostile values (written by the site) is
  // restored over the document; the rules judge the restored values like an update's.
  const versioned = ATTACKS.filter((a) => a.op === 'update' && ['news', 'changelog-entries'].includes(a.collection))
  for (const attack of versioned) {
    for (const actor of HOSTILE_ACTORS) {
      for (const via of ['rest', 'graphql'] as const) {
        const allowed = attack.allowed?.includes(actor) ?? false
        it(`${attack.name}: ${actor} restoring via ${via}: ${allowed ? 'allowed' : 'refused, nothing changed'}`, async () => {
          const ctx: AttackContext = { w, actor, userId: actor === 'anonymous' ? null : w.users[actor].id }
          const targetId = await attack.target!(ctx)
          const data = await attack.data({ ...ctx, targetId })
          const original = (await w.payload.findByID({ collection: attack.collection, id: targetId, depth: 0, overrideAccess: true, draft: true })) as unknown as Record<string, unknown>
          const snap = () => (attack.snapshot ? attack.snapshot({ ...ctx, targetId, data }) : storedFields(w.payload, attack.collection, targetId, Object.keys(data)))
          await w.payload.update({ collection: attack.collection, id: targetId, data: data as never, overrideAccess: true })
          const hostile = (await w.payload.findVersions({ collection: attack.collection, where: { parent: { equals: targetId } }, sort: '-updatedAt', limit: 1, overrideAccess: true })).docs[0]
          await w.payload.update({ collection: attack.collection, id: targetId, data: Object.fromEntries(Object.keys(data).map((k) => [k, original[k] ?? null])) as never, overrideAccess: true })
          const before = await snap()
          const outcome = await attemptRestore(w, attack.collection, String(hostile.id), actor, via)
          const after = await snap()
          expectVerdict({ allowed, actor, via, outcome, before, after })
        })
      }
    }
  }
})

// ——— every field with power has a rule, and every restrictive rule is attacked ——————————————————————————
const PRIVILEGED = new Set(['verdict', 'quarantined', 'severity', 'status', '_status', 'publishedAt', 'requestedStatus', 'permissions', 'organizationPermissions', 'accepted', 'isOwner', 'role', 'newsEditor', 'badges', 'balance', 'downloads', 'followers', 'published', 'updated', 'approved', 'queued', 'closed', 'private', 'featured', 'sha1', 'sha512', 'tokenHash', 'lastUsed', 'scopes', 'monetizationStatus', 'loaders', 'gameVersions', 'moderatorMessage', 'oldStatus', 'newStatus', 'itemId', 'itemType', 'kind', 'type', 'ordering', 'read', 'link', 'actions', 'user', 'payoutsSplit'])
/** Collections written only by admins or editors as a whole (their access is the rule). */
const ADMIN_WRITTEN = new Set(['payload-jobs', 'game-versions', 'loaders', 'categories', 'licenses', 'donation-platforms', 'report-types', 'payload-kv', 'payload-migrations', 'payload-preferences', 'payload-locked-documents'])
/** Rules that defer to the document's own update access (no value is forbidden by them). */
const PERMISSIVE = new Set(['documentEditors', 'editorial'])

type Guarded = { collection: string; path: string; rule: string | undefined; needsRule: boolean }
function walk(collection: string, fields: Field[], prefix = ''): Guarded[] {
  const out: Guarded[] = []
  for (const f of fields) {
    if (!('name' in f) && 'fields' in f) out.push(...walk(collection, f.fields as Field[], prefix))
    if (!('name' in f)) continue
    const path = `${prefix}${f.name}`
    const rule = (f.custom as { writeRule?: string } | undefined)?.writeRule
    const power = f.type === 'relationship' || f.type === 'upload' || PRIVILEGED.has(f.name)
    if (f.type !== 'join' && f.name !== 'id') out.push({ collection, path, rule, needsRule: power })
    if ((f.type === 'array' || f.type === 'group') && !rule) out.push(...walk(collection, f.fields as Field[], `${path}.`))
  }
  return out
}

describe('the matrix is complete', () => {
  it('every field that confers power or places a document has a write rule', async () => {
    const payload = w.payload
    const missing = payload.config.collections
      .filter((c) => !ADMIN_WRITTEN.has(c.slug))
      .flatMap((c) => walk(c.slug, c.fields.filter((f) => !('name' in f) || !['createdAt', 'updatedAt', 'filename', 'mimeType', 'filesize', 'width', 'height', 'focalX', 'focalY', 'url', 'thumbnailURL', 'sizes', 'email', 'username', 'sessions', 'enableAPIKey', 'apiKey', 'apiKeyIndex', 'resetPasswordToken', 'resetPasswordExpiration', 'salt', 'hash', 'loginAttempts', 'lockUntil', '_verified', '_verificationToken'].includes(f.name))))
      .filter((g) => g.needsRule && !g.rule)
      .map((g) => `${g.collection}.${g.path}`)
    expect(missing.join(', ')).toBe('')
  })

  it('every restrictive rule is attacked by the matrix', () => {
    const attacked = new Set<string>()
    // Which fields the table writes: its data keys, per collection (array rows and groups by their top-level key).
    for (const a of ATTACKS) for (const key of DATA_KEYS[a.name] ?? []) attacked.add(`${a.collection}.${key}`)
    const restrictive = w.payload.config.collections
      .filter((c) => !ADMIN_WRITTEN.has(c.slug))
      .flatMap((c) => walk(c.slug, c.fields))
      .filter((g) => g.rule && !PERMISSIVE.has(g.rule))
      .map((g) => `${g.collection}.${g.path.split('.')[0]}`)
    const unattacked = [...new Set(restrictive)].filter((f) => !attacked.has(f))
    expect(unattacked.join(', ')).toBe('')
  })
})

// The keys each attack writes (collected once, from a dry run of its data builder).
const DATA_KEYS: Record<string, string[]> = {}
beforeAll(async () => {
  for (const a of ATTACKS) {
    const ctx: AttackContext = { w, actor: 'stranger', userId: w.users.stranger.id }
    DATA_KEYS[a.name] = Object.keys(await a.data({ ...ctx, targetId: a.target ? await a.target(ctx) : undefined }))
  }
})
