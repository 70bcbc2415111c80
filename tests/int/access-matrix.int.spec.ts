/**
 * The access matrix: every collection × every operation × anonymous, a signed-in stranger, a project
 * member without and with permission bits, the owner, a news editor, a moderator and an admin.
 * A denial must be Forbidden or NotFound (hidden things are 404); any other error fails the test.
 */
import { randomBytes } from 'node:crypto'

import type { CollectionSlug, File as PayloadFile } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { relationId } from '../../src/lib/ids'
import { makeUser } from '../helpers/actors'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { ACTORS, buildWorld, tinyPng, type Actor, type ActingUser, type World } from '../helpers/world'
import { testJar } from '../helpers/jar'

const randomHex = (chars: number) => randomBytes(chars / 2).toString('hex')

type Op = 'create' | 'read' | 'update' | 'delete'
const OPS: Op[] = ['create', 'read', 'update', 'delete']
type Seeded = { id: string; owner?: ActingUser }
type Entry = {
  collection: CollectionSlug
  /** Tells apart a second row for the same collection (another kind of document). */
  variant?: string
  /** The document under test (made with overrideAccess); `owner` replaces the owner actor for it. */
  seed: () => Promise<Seeded>
  createData: () => Promise<{ data: Record<string, unknown>; file?: PayloadFile }>
  updateData: Record<string, unknown>
  /** Which of c/r/u/d each actor may do. */
  allowed: Record<Actor, string>
}

let w: World
let n = 0
const uniq = (p: string) => `${p}-${++n}-${Date.now().toString(36)}`

const pngFile = async (): Promise<PayloadFile> => {
  const data = await tinyPng()
  return { data, mimetype: 'image/png', name: `${uniq('img')}.png`, size: data.length }
}
const jarFile = (): PayloadFile => {
  const data = testJar(uniq('jar'))
  return { data, mimetype: 'application/java-archive', name: `${uniq('mod')}.jar`, size: data.length }
}

function entries(): Entry[] {
  const { payload, users } = w
  const hiddenProject = () => w.makeProject('draft')
  const version = async (projectId?: string) => {
    const project = projectId ?? (await hiddenProject()).id
    return payload.create({ collection: 'versions', data: { project, versionNumber: uniq('1.0'), gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true, depth: 0 })
  }
  const oauthApp = (createdBy: string) => payload.create({ collection: 'oauth-apps', data: { createdBy, name: uniq('app'), maxScopes: '2', redirectUris: [{ uri: 'https://app.example/cb' }] }, overrideAccess: true })
  const oauthGrant = async (hashField: 'codeHash' | 'tokenHash') => ({
    [hashField]: uniq('hash'), app: (await oauthApp(users.stranger.id)).id, user: users.owner.id, scopes: '2', expiresAt: new Date(Date.now() + 600_000).toISOString(),
    ...(hashField === 'codeHash' ? { redirectUri: 'https://app.example/cb' } : {}),
  }) as never
  const tag = (collection: CollectionSlug, make: () => Record<string, unknown>, update: Record<string, unknown>): Entry => ({
    collection,
    seed: async () => ({ id: String((await payload.create({ collection, data: make() as never, overrideAccess: true })).id) }),
    createData: async () => ({ data: make() }),
    updateData: update,
    allowed: { anonymous: 'r', stranger: 'r', memberNoBits: 'r', member: 'r', owner: 'r', newsEditor: 'r', moderator: 'r', admin: 'crud' },
  })
  const staffReads = { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'r', admin: 'r' }
  const billingRecord = (collection: CollectionSlug, make: () => Record<string, unknown> | Promise<Record<string, unknown>>, update: Record<string, unknown>): Entry => ({
    collection,
    seed: async () => ({ id: String((await payload.create({ collection, data: (await make()) as never, overrideAccess: true })).id) }),
    createData: async () => ({ data: await make() }),
    updateData: update,
    allowed: { ...staffReads, owner: 'r' },
  })
  return [
    {
      collection: 'projects',
      seed: async () => ({ id: (await hiddenProject()).id }),
      createData: async () => ({ data: { slug: uniq('new-project'), title: 'New Project', summary: 'Created by the access matrix.', projectType: 'mod' } }),
      updateData: { title: 'Renamed by a test' },
      allowed: { anonymous: '', stranger: 'c', memberNoBits: 'cr', member: 'cru', owner: 'crud', newsEditor: 'c', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'versions',
      seed: async () => ({ id: (await version()).id }),
      createData: async () => ({ data: { project: (await sharedHidden()).id, versionNumber: uniq('2.0'), gameVersions: ['1.21'], loaders: ['fabric'] } }),
      updateData: { changelog: 'Edited' },
      allowed: { anonymous: '', stranger: '', memberNoBits: 'r', member: 'crud', owner: 'crud', newsEditor: '', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'version-files',
      seed: async () => {
        const v = await version((await sharedHidden()).id)
        const doc = await payload.create({ collection: 'version-files', data: { version: v.id, primary: true }, file: jarFile(), overrideAccess: true })
        return { id: doc.id }
      },
      createData: async () => ({ data: { version: (await sharedVersion()).id, primary: false }, file: jarFile() }),
      updateData: { primary: false },
      allowed: { anonymous: '', stranger: '', memberNoBits: 'r', member: 'crud', owner: 'crud', newsEditor: '', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'images',
      seed: async () => ({ id: (await payload.create({ collection: 'images', data: { kind: 'icon', uploader: users.owner.id }, file: await pngFile(), overrideAccess: true })).id }),
      createData: async () => ({ data: { kind: 'gallery' }, file: await pngFile() }),
      updateData: { alt: 'New alt text' },
      allowed: { anonymous: 'r', stranger: 'cr', memberNoBits: 'cr', member: 'cr', owner: 'crud', newsEditor: 'cr', moderator: 'crud', admin: 'crud' },
    },
    {
      // A gallery image the owner uploaded to a hidden project: the team (with EDIT_DETAILS) manages it.
      collection: 'images',
      variant: 'gallery image of a hidden project',
      seed: async () => ({ id: (await payload.create({ collection: 'images', data: { kind: 'gallery', uploader: users.owner.id, project: (await sharedHidden()).id }, file: await pngFile(), overrideAccess: true })).id }),
      createData: async () => ({ data: { kind: 'gallery' }, file: await pngFile() }),
      updateData: { title: 'Renamed by the team' },
      allowed: { anonymous: '', stranger: 'c', memberNoBits: 'cr', member: 'crud', owner: 'crud', newsEditor: 'c', moderator: 'crud', admin: 'crud' },
    },
    {
      collection: 'user-collections',
      seed: async () => ({ id: (await payload.create({ collection: 'user-collections', data: { name: 'Private picks', owner: users.owner.id, visibility: 'private' }, overrideAccess: true })).id }),
      createData: async () => ({ data: { name: 'My picks', visibility: 'public' } }),
      updateData: { name: 'Renamed picks' },
      allowed: { anonymous: '', stranger: 'c', memberNoBits: 'c', member: 'c', owner: 'crud', newsEditor: 'c', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'users',
      seed: async () => {
        const self = await makeUser(payload)
        return { id: self.id, owner: self }
      },
      createData: async () => ({ data: { username: uniq('signup'), email: `${uniq('signup')}@example.test`, password: 'a-long-password' } }),
      updateData: { bio: 'Updated bio' },
      allowed: { anonymous: 'cr', stranger: 'cr', memberNoBits: 'cr', member: 'cr', owner: 'crud', newsEditor: 'cr', moderator: 'cr', admin: 'crud' },
    },
    {
      collection: 'teams',
      seed: async () => ({ id: relationId((await hiddenProject()).team)! }),
      createData: async () => ({ data: { kind: 'project' } }),
      updateData: { kind: 'project' },
      // A hidden project's team follows its project (issue 27, L2).
      allowed: { anonymous: '', stranger: '', memberNoBits: 'r', member: 'r', owner: 'r', newsEditor: '', moderator: 'r', admin: 'crud' },
    },
    {
      collection: 'team-members',
      seed: async () => {
        const invitee = await makeUser(payload)
        const doc = await payload.create({ collection: 'team-members', data: { team: relationId((await sharedHidden()).team)!, user: invitee.id, accepted: false, permissions: 0 }, overrideAccess: true })
        return { id: doc.id }
      },
      createData: async () => ({ data: { team: relationId((await sharedHidden()).team)!, user: (await makeUser(payload)).id, role: 'Tester' } }),
      updateData: { role: 'Artist' },
      allowed: { anonymous: '', stranger: '', memberNoBits: 'r', member: 'crud', owner: 'crud', newsEditor: '', moderator: 'r', admin: 'crud' },
    },
    {
      collection: 'organizations',
      seed: async () => ({ id: (await payload.create({ collection: 'organizations', data: { slug: uniq('org'), name: 'Test Organization' }, user: users.owner, overrideAccess: true })).id }),
      createData: async () => ({ data: { slug: uniq('neworg'), name: 'New Organization' } }),
      updateData: { description: 'Edited' },
      allowed: { anonymous: 'r', stranger: 'cr', memberNoBits: 'cr', member: 'cr', owner: 'crud', newsEditor: 'cr', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'follows',
      seed: async () => ({ id: (await payload.create({ collection: 'follows', data: { user: users.owner.id, project: (await hiddenProject()).id }, overrideAccess: true })).id }),
      createData: async () => ({ data: { project: (await hiddenProject()).id } }),
      updateData: { project: null },
      // The project is hidden: only those who can see it can follow it.
      allowed: { anonymous: '', stranger: '', memberNoBits: 'c', member: 'c', owner: 'crd', newsEditor: '', moderator: 'cr', admin: 'crd' },
    },
    {
      collection: 'reports',
      seed: async () => ({ id: (await payload.create({ collection: 'reports', data: { reportType: 'spam', itemType: 'project', itemId: 'AAAAAAAA', reporter: users.owner.id, body: 'This is spam.' }, overrideAccess: true })).id }),
      createData: async () => ({ data: { reportType: 'spam', itemType: 'project', itemId: (await w.makeProject('approved')).id, body: 'Looks like spam to me.' } }),
      updateData: { body: 'More detail about the spam.' },
      allowed: { anonymous: '', stranger: 'c', memberNoBits: 'c', member: 'c', owner: 'cru', newsEditor: 'c', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'threads',
      seed: async () => {
        const project = await hiddenProject()
        const reread = await payload.findByID({ collection: 'projects', id: project.id, depth: 0, overrideAccess: true })
        return { id: relationId(reread.thread)! }
      },
      createData: async () => ({ data: { type: 'direct_message', members: [users.owner.id] } }),
      updateData: { members: [users.owner.id, users.member.id] },
      allowed: { anonymous: '', stranger: '', memberNoBits: 'r', member: 'r', owner: 'r', newsEditor: '', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'thread-messages',
      seed: async () => {
        const thread = relationId((await payload.findByID({ collection: 'projects', id: (await sharedHidden()).id, depth: 0, overrideAccess: true })).thread)!
        return { id: (await payload.create({ collection: 'thread-messages', data: { thread, author: users.moderator.id, text: 'Please add a license.' }, overrideAccess: true })).id }
      },
      createData: async () => {
        const thread = relationId((await payload.findByID({ collection: 'projects', id: (await sharedHidden()).id, depth: 0, overrideAccess: true })).thread)!
        return { data: { thread, text: 'A reply.' } }
      },
      updateData: { text: 'Edited message' },
      allowed: { anonymous: '', stranger: '', memberNoBits: 'cr', member: 'cr', owner: 'cr', newsEditor: '', moderator: 'cru', admin: 'crud' },
    },
    {
      collection: 'notifications',
      seed: async () => ({ id: (await payload.create({ collection: 'notifications', data: { user: users.owner.id, type: 'status_change', title: 'Your project was approved' }, overrideAccess: true })).id }),
      createData: async () => ({ data: { user: users.owner.id, title: 'Hello' } }),
      updateData: { read: true },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: 'rud', newsEditor: '', moderator: 'r', admin: 'crud' },
    },
    {
      collection: 'news',
      seed: async () => ({ id: (await payload.create({ collection: 'news', data: newsData() as never, overrideAccess: true })).id }),
      createData: async () => ({ data: newsData() }),
      updateData: { title: 'Retitled' },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: 'crud', moderator: '', admin: 'crud' },
    },
    {
      collection: 'changelog-entries',
      seed: async () => ({ id: (await payload.create({ collection: 'changelog-entries', data: { date: new Date().toISOString(), product: 'web', body: 'Fixed things.', _status: 'draft' }, overrideAccess: true })).id }),
      createData: async () => ({ data: { date: new Date().toISOString(), product: 'app', version: '0.9.1', body: 'New release.', _status: 'draft' } }),
      updateData: { body: 'Fixed more things.' },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: 'crud', moderator: '', admin: 'crud' },
    },
    {
      collection: 'file-findings',
      seed: async () => {
        const v = await version((await sharedHidden()).id)
        const file = await payload.create({ collection: 'version-files', data: { version: v.id, primary: false }, file: jarFile(), overrideAccess: true })
        return { id: (await payload.create({ collection: 'file-findings', data: { file: file.id, project: relationId(v.project)!, kind: 'hardcoded-ip', severity: 'high', entry: 'a/B.class', detail: 'IP address in a class constant: 45.155.205.233', verdict: 'pending' }, overrideAccess: true })).id }
      },
      createData: async () => ({ data: { file: 'nofile', project: (await sharedHidden()).id, kind: 'url', severity: 'low', detail: 'Planted', verdict: 'safe' } }),
      updateData: { verdict: 'safe' },
      // The scanner's findings: staff read them and give verdicts; only the upload writes them, admins clear them.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'ru', admin: 'rud' },
    },
    {
      collection: 'malicious-hashes',
      seed: async () => ({ id: (await payload.create({ collection: 'malicious-hashes', data: { hash: randomHex(40), reason: 'Seen in a stealer' }, overrideAccess: true })).id }),
      createData: async () => ({ data: { hash: randomHex(128), reason: 'Another one' } }),
      updateData: { reason: 'Confirmed' },
      // The known-malicious list: kept by staff, seen by nobody else.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'crud', admin: 'crud' },
    },
    {
      collection: 'email-outbox',
      seed: async () => ({ id: String((await payload.create({ collection: 'email-outbox', data: { to: 'someone@example.test', subject: 'Reset your password', text: 'A link' }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { to: 'victim@example.test', subject: 'Planted' } }),
      updateData: { subject: 'Rewritten' },
      // Mail that could not be sent: read (and cleared) by staff, written by the site only.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'rd', admin: 'rd' },
    },
    {
      collection: 'legal-pages',
      // One page per slug (eight in all): the seed starts each attempt from a known set.
      seed: async () => {
        await payload.delete({ collection: 'legal-pages', where: { id: { exists: true } }, overrideAccess: true })
        return { id: (await payload.create({ collection: 'legal-pages', data: { slug: 'terms', title: 'Terms', content: newsData().content } as never, overrideAccess: true })).id }
      },
      createData: async () => {
        await payload.delete({ collection: 'legal-pages', where: { slug: { equals: 'privacy' } }, overrideAccess: true })
        return { data: { slug: 'privacy', title: 'Privacy', content: newsData().content } }
      },
      updateData: { title: 'Terms of use' },
      allowed: { anonymous: 'r', stranger: 'r', memberNoBits: 'r', member: 'r', owner: 'r', newsEditor: 'r', moderator: 'r', admin: 'crud' },
    },
    {
      collection: 'access-tokens',
      seed: async () => ({ id: (await payload.create({ collection: 'access-tokens', data: { user: users.owner.id, name: 'CI publishing', scopes: '16384', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, overrideAccess: true })).id }),
      createData: async () => ({ data: { name: 'My token', scopes: '2048', expiresAt: new Date(Date.now() + 86_400_000).toISOString() } }),
      updateData: { name: 'Renamed token' },
      allowed: { anonymous: '', stranger: 'c', memberNoBits: 'c', member: 'c', owner: 'crud', newsEditor: 'c', moderator: 'c', admin: 'crud' },
    },
    {
      collection: 'session-details',
      seed: async () => ({ id: String((await payload.create({ collection: 'session-details', data: { sid: uniq('sid'), user: users.owner.id, os: 'Linux', platform: 'Firefox' }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { sid: uniq('planted'), user: users.owner.id, os: 'Planted' } }),
      updateData: { lastAccessed: new Date().toISOString() },
      // What is known of a session's device: its user and admins read it; only the site writes it.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: 'r', newsEditor: '', moderator: '', admin: 'r' },
    },
    {
      collection: 'auth-identities',
      seed: async () => ({ id: String((await payload.create({ collection: 'auth-identities', data: { provider: 'gitlab', subject: uniq('sub'), user: users.owner.id, email: 'owner@oidc.example' }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { provider: 'github', subject: uniq('planted'), user: users.owner.id } }),
      updateData: { subject: 'stolen' },
      // A linked sign-in: its user and admins read it; only the site's sign-in and link flows write it.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: 'r', newsEditor: '', moderator: '', admin: 'r' },
    },
    {
      collection: 'oauth-apps',
      seed: async () => ({ id: (await oauthApp(users.owner.id)).id }),
      createData: async () => ({ data: { name: 'A launcher', maxScopes: '2', redirectUris: [{ uri: 'https://launcher.example/cb' }] } }),
      updateData: { name: 'Renamed launcher' },
      // Public details (the authorize page shows them to whoever is asked); its creator edits it.
      allowed: { anonymous: 'r', stranger: 'cr', memberNoBits: 'cr', member: 'cr', owner: 'crud', newsEditor: 'cr', moderator: 'cr', admin: 'crud' },
    },
    {
      collection: 'oauth-authorizations',
      seed: async () => ({ id: String((await payload.create({ collection: 'oauth-authorizations', data: { user: users.owner.id, app: (await oauthApp(users.stranger.id)).id, scopes: '2' }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { user: users.owner.id, app: (await oauthApp(users.stranger.id)).id, scopes: '2' } }),
      updateData: { scopes: '4' },
      // A consent: written only by the authorize flow; its user reads and revokes it.
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: 'rd', newsEditor: '', moderator: '', admin: 'rd' },
    },
    {
      collection: 'oauth-codes',
      seed: async () => ({ id: String((await payload.create({ collection: 'oauth-codes', data: await oauthGrant('codeHash'), overrideAccess: true })).id) }),
      createData: async () => ({ data: await oauthGrant('codeHash') }),
      updateData: { scopes: '4' },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: '', admin: '' },
    },
    {
      collection: 'oauth-tokens',
      seed: async () => ({ id: String((await payload.create({ collection: 'oauth-tokens', data: await oauthGrant('tokenHash'), overrideAccess: true })).id) }),
      createData: async () => ({ data: await oauthGrant('tokenHash') }),
      updateData: { scopes: '4' },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: '', admin: 'r' },
    },
    // Billing (issue 29): prices are public data administrators keep; a user's billing is theirs and staff's to read; nobody writes the records through Payload.
    tag('billing-products', () => ({ key: uniq('plan'), name: 'A plan', kind: 'plus' }), { name: 'Renamed plan' }),
    {
      ...tag('billing-prices', () => ({}), { monthly: 1 }),
      seed: async () => ({ id: (await billingPrice()).id }),
      createData: async () => ({ data: { product: (await billingProduct()).id, currency: 'GBP', monthly: 399 } }),
    },
    {
      // One customer record per user and provider: each row has its own owner.
      ...billingRecord('billing-customers', () => ({ user: users.stranger.id, provider: 'stripe', customerId: uniq('cus') }), { customerId: 'cus_stolen' }),
      seed: async () => {
        const owner = await makeUser(payload)
        const doc = await payload.create({ collection: 'billing-customers', data: { user: owner.id, provider: 'test', customerId: uniq('tcus') }, overrideAccess: true })
        return { id: doc.id, owner }
      },
    },
    billingRecord('payment-methods', () => ({ user: users.owner.id, provider: 'test', providerId: uniq('tpm'), brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }), { primary: true }),
    billingRecord('subscriptions', async () => ({ user: users.owner.id, ...(await billingPrice().then((p) => ({ product: p.product, price: p.id }))), currency: 'USD', interval: 'monthly', status: 'provisioned' }), { status: 'provisioned' }),
    billingRecord('charges', () => ({ user: users.owner.id, type: 'renewal', status: 'open', amount: 499, currency: 'USD', interval: 'monthly', due: new Date().toISOString() }), { amount: 0 }),
    { ...billingRecord('billing-events', () => ({ provider: 'test', eventId: uniq('evt'), type: 'payment_intent.succeeded' }), { type: 'x' }), allowed: staffReads },
    { ...billingRecord('billing-staff-acts', () => ({ user: users.owner.id, staff: users.admin.id, act: 'credit', days: 3, reason: 'Outage' }), { days: 30 }), allowed: staffReads },
    // Revenue (issue 30): staff keep the pool; a user reads their own withdrawals, staff all; nobody writes them through Payload.
    {
      collection: 'revenue-pools',
      seed: async () => ({ id: String((await payload.create({ collection: 'revenue-pools', data: { period: `2099-${String((n % 12) + 1).padStart(2, '0')}-0${(n % 9) + 1}`, amount: 10_000, source: 'ads' }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { period: '2099-12', amount: 500, source: 'sponsorship' } }),
      updateData: { amount: 12_345 },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'crud', admin: 'crud' },
    },
    billingRecord('withdrawals', () => ({ user: users.owner.id, rail: 'test', destination: 'owner@example.test', gross: 1_000_000, fee: 0, net: 1_000_000, status: 'inTransit' }), { status: 'succeeded' }),
    // Staff acts on balances (hold, release): staff read them; tax forms: their user and staff read them; nobody writes either through Payload.
    { ...billingRecord('revenue-staff-acts', () => ({ user: users.owner.id, staff: users.admin.id, act: 'hold', reason: 'Chargebacks under review' }), { act: 'release' }), allowed: staffReads },
    billingRecord('revenue-tax-forms', () => ({ user: users.owner.id, year: 3000 + n++, legalName: 'Owner Name', country: 'US', taxIdType: 'ssn', taxIdLast4: '1234', signedOn: new Date().toISOString() }), { taxIdLast4: '9999' }),
    // Hosting (issue 31): administrators keep regions and nodes (staff read nodes); owners read their servers, staff all; nobody writes servers or their acts through Payload.
    tag('hosting-regions', () => ({ key: uniq('region'), name: 'A region' }), { name: 'Renamed region' }),
    {
      collection: 'hosting-nodes',
      seed: async () => ({ id: String((await payload.create({ collection: 'hosting-nodes', data: await hostingNode(), overrideAccess: true })).id) }),
      createData: async () => ({ data: await hostingNode() }),
      updateData: { name: 'Renamed node' },
      allowed: { anonymous: '', stranger: '', memberNoBits: '', member: '', owner: '', newsEditor: '', moderator: 'r', admin: 'crud' },
    },
    billingRecord('servers', async () => ({ name: uniq('server'), owner: users.owner.id, gameVersion: '1.21.4', loader: 'flying-squid', status: 'unprovisioned', ...(await hostingPlace()) }), { name: 'Stolen server' }),
    {
      // The owner of the server reads its acts (the info page); nobody writes them through Payload.
      ...billingRecord('server-acts', async () => ({ server: (await payload.create({ collection: 'servers', data: { name: uniq('server'), owner: users.owner.id, gameVersion: '1.21.4', loader: 'flying-squid', status: 'unprovisioned', ...(await hostingPlace()) }, overrideAccess: true })).id, act: 'power start' }), { act: 'x' }),
      allowed: { ...staffReads, owner: 'r' },
    },
    {
      collection: 'server-notices',
      seed: async () => ({ id: String((await payload.create({ collection: 'server-notices', data: { title: uniq('notice'), message: 'Maintenance tonight.', level: 'info', assignedTo: 'all', begins: new Date(Date.now() - 60_000).toISOString() }, overrideAccess: true })).id) }),
      createData: async () => ({ data: { title: uniq('notice'), message: 'Created by the access matrix.', level: 'warn', assignedTo: 'all', begins: new Date().toISOString() } }),
      updateData: { title: 'Edited notice' },
      // A running notice is an announcement any signed-in user may read; staff keep them.
      allowed: { anonymous: '', stranger: 'r', memberNoBits: 'r', member: 'r', owner: 'r', newsEditor: 'r', moderator: 'crud', admin: 'crud' },
    },
    {
      ...billingRecord('server-notice-dismissals', async () => ({
        notice: (await payload.create({ collection: 'server-notices', data: { title: uniq('notice'), message: 'x', level: 'info', assignedTo: 'all', begins: new Date().toISOString() }, overrideAccess: true })).id,
        server: (await payload.create({ collection: 'servers', data: { name: uniq('server'), owner: users.owner.id, gameVersion: '1.21.4', loader: 'flying-squid', status: 'unprovisioned', ...(await hostingPlace()) }, overrideAccess: true })).id,
        user: users.owner.id,
      }), { user: users.stranger.id }),
    },
    {
      // A server's backups: its owner reads them (the backups page), staff all; only the backup service writes them.
      ...billingRecord('server-backups', async () => ({
        server: (await payload.create({ collection: 'servers', data: { name: uniq('server'), owner: users.owner.id, gameVersion: '1.21.4', loader: 'flying-squid', status: 'unprovisioned', ...(await hostingPlace()) }, overrideAccess: true })).id,
        name: uniq('backup'), state: 'ready',
      }), { locked: true }),
      allowed: { ...staffReads, owner: 'r' },
    },
    tag('game-versions', () => ({ id: uniq('24w'), versionType: 'snapshot', date: new Date().toISOString() }), { major: false }),
    tag('loaders', () => ({ id: uniq('loader'), supportedProjectTypes: ['mod'] }), { icon: '<svg/>' }),
    tag('categories', () => ({ name: uniq('cat'), projectType: 'mod', header: 'categories' }), { icon: '<svg/>' }),
    tag('licenses', () => ({ id: uniq('LicenseRef'), name: 'A license' }), { name: 'Renamed license' }),
    tag('donation-platforms', () => ({ id: uniq('platform'), name: 'Platform' }), { name: 'Renamed' }),
    tag('report-types', () => ({ id: uniq('reason') }), { description: 'Described' }),
  ]
}

function newsData() {
  const slug = uniq('article')
  return {
    title: 'Draft article',
    slug,
    summary: 'Not published yet.',
    _status: 'draft',
    content: { root: { type: 'root', version: 1, direction: null, format: '', indent: 0, children: [{ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, children: [{ type: 'text', version: 1, text: 'Hello', format: 0, detail: 0, mode: 'normal', style: '' }] }] } },
  }
}

// A region and a server plan for hosting's records.
const hostingRegion = () => w.payload.create({ collection: 'hosting-regions', data: { key: uniq('matrix-region'), name: 'Matrix region' }, overrideAccess: true })
const hostingNode = async () => ({ name: uniq('node'), region: (await hostingRegion()).id, url: 'http://127.0.0.1:1', publicHost: '127.0.0.1', token: 'secret', memoryMiB: 4096, maxServers: 2 })
const hostingPlace = async () => ({
  region: (await hostingRegion()).id,
  product: (await w.payload.create({ collection: 'billing-products', data: { key: uniq('matrix-server'), name: 'Matrix server', kind: 'server', ramMiB: 1024 }, overrideAccess: true })).id,
})

// A fresh product each time: one price per product and currency.
const billingProduct = () => w.payload.create({ collection: 'billing-products', data: { key: uniq('matrix-plan'), name: 'Matrix plan', kind: 'plus' }, overrideAccess: true })
const billingPrice = async () => w.payload.create({ collection: 'billing-prices', data: { product: (await billingProduct()).id, currency: 'USD', monthly: 499 }, overrideAccess: true, depth: 0 })

let hidden: Promise<{ id: string; team?: unknown }> | null = null
const sharedHidden = () => (hidden ??= w.makeProject('draft'))
let sharedV: Promise<{ id: string }> | null = null
const sharedVersion = () =>
  (sharedV ??= sharedHidden().then((p) => w.payload.create({ collection: 'versions', data: { project: p.id, versionNumber: uniq('3.0'), gameVersions: ['1.21'], loaders: ['fabric'] }, overrideAccess: true })))

const isDenial = (e: unknown) => {
  const status = (e as { status?: number }).status
  return status === 403 || status === 404 || (e as Error).name === 'Forbidden' || (e as Error).name === 'NotFound'
}

async function attempt(entry: Entry, op: Op, actor: Actor): Promise<boolean> {
  const { payload } = w
  const seeded = op === 'create' ? null : await entry.seed()
  const user = actor === 'owner' && seeded?.owner ? seeded.owner : w.as(actor)
  const common = { collection: entry.collection, overrideAccess: false, user, depth: 0 } as const
  try {
    if (op === 'create') {
      const { data, file } = await entry.createData()
      await payload.create({ ...common, data: data as never, file })
      return true
    }
    if (op === 'read') {
      const found = await payload.find({ ...common, where: { id: { equals: seeded!.id } } })
      return found.docs.length === 1
    }
    if (op === 'update') {
      await payload.update({ ...common, id: seeded!.id, data: entry.updateData as never })
      return true
    }
    await payload.delete({ ...common, id: seeded!.id })
    return true
  } catch (e) {
    if (isDenial(e)) return false
    throw e
  }
}

beforeAll(async () => {
  const payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('access matrix', () => {
  it('covers every collection', async () => {
    const slugs = w.payload.config.collections.map((c) => c.slug).filter((s) => !s.startsWith('payload-'))
    expect([...new Set(entries().map((e) => e.collection))].sort()).toEqual([...slugs].sort())
  })

  for (const [slug, variant] of [
    ...['projects', 'versions', 'version-files', 'images', 'user-collections', 'users', 'teams', 'team-members', 'organizations', 'follows', 'reports', 'threads', 'thread-messages', 'notifications', 'news', 'changelog-entries', 'game-versions', 'loaders', 'categories', 'licenses', 'donation-platforms', 'report-types', 'access-tokens', 'email-outbox', 'legal-pages', 'session-details', 'auth-identities', 'oauth-apps', 'oauth-authorizations', 'oauth-codes', 'oauth-tokens', 'file-findings', 'malicious-hashes', 'billing-products', 'billing-prices', 'billing-customers', 'payment-methods', 'subscriptions', 'charges', 'billing-events', 'billing-staff-acts', 'revenue-pools', 'withdrawals', 'revenue-staff-acts', 'revenue-tax-forms', 'hosting-regions', 'hosting-nodes', 'servers', 'server-acts', 'server-notices', 'server-notice-dismissals', 'server-backups'].map((s) => [s, undefined] as const),
    ['images', 'gallery image of a hidden project'] as const,
  ]) {
    it(`${slug}${variant ? ` (${variant})` : ''}: each actor may do exactly what the rules allow`, async () => {
      const entry = entries().find((e) => e.collection === slug && e.variant === variant)!
      const got: Record<string, string> = {}
      for (const actor of ACTORS) {
        let s = ''
        for (const op of OPS) if (await attempt(entry, op, actor)) s += op[0]
        got[actor] = s
      }
      expect(got).toEqual(entry.allowed)
    })
  }
})
