/**
 * The technical review (issue 15 item 4): every uploaded archive is scanned at upload and its findings
 * stored per file; staff list flagged projects and give verdicts; a malicious verdict quarantines the
 * file (no one but staff reads or downloads it, on /api and /v2 alike), lists its hash and withholds
 * the project with a message in its thread. A zip bomb is uploaded all the same, its scan stopped and
 * recorded. Staff keep a known-malicious hash list that the scanner checks, inside archives too.
 */
import { createHash, randomBytes } from 'node:crypto'

import { strToU8, zipSync } from 'fflate'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { NOT_A_HASH } from '../../src/lib/moderation/technicalReview'
import { countFlaggedFiles, technicalReviewList } from '../../src/lib/data/technicalReview'
import { viewerFor } from '../../src/lib/data/viewer'
import { loadVisibleVersionBundles } from '../../src/lib/data/versionReadModel'
import { relationId } from '../../src/lib/ids'
import type { Project } from '../../src/payload-types'
import { api } from '../helpers/http'
import { bootPayload } from '../helpers/payload'
import { seedTags } from '../helpers/tags'
import { buildWorld, type World } from '../helpers/world'

let w: World
let payload: Payload

const classWith = (...constants: string[]) => Buffer.concat([Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 65]), ...constants.map((c) => Buffer.concat([Buffer.from([1, 0, c.length]), Buffer.from(c, 'latin1')])), Buffer.from([7, 0, 2]), randomBytes(16)])
const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files))

/** What a malware author ships: a class calling home to an address, and a nested jar with a climbing entry. */
const maliciousJar = () =>
  zip({
    'fabric.mod.json': strToU8('{"id":"free-fps"}'),
    'com/freefps/Stealer.class': classWith('java/net/Socket', '45.155.205.233'),
    'libs/loader.jar': zip({ '../../../.minecraft/mods/autorun.jar': strToU8('MZ'), 'Boot.class': classWith('fine') }),
  })
const cleanJar = () => zip({ 'fabric.mod.json': strToU8('{"id":"fine"}'), 'com/fine/Fine.class': classWith('net/minecraft/Block') })

async function upload(project: Project, data: Buffer, name = `mod-${randomBytes(3).toString('hex')}.jar`) {
  const version = await payload.create({ collection: 'versions', data: { project: project.id, versionNumber: `1.0.${randomBytes(2).toString('hex')}`, gameVersions: ['1.21'], loaders: ['fabric'] }, user: w.users.owner, overrideAccess: false, depth: 0 })
  const file = await payload.create({ collection: 'version-files', data: { version: version.id, primary: true }, file: { data, mimetype: 'application/java-archive', name, size: data.length }, user: w.users.owner, overrideAccess: false })
  return { version, file }
}

const findingsOf = async (fileId: string) => (await payload.find({ collection: 'file-findings', where: { file: { equals: fileId } }, pagination: false, overrideAccess: true, depth: 0 })).docs

beforeAll(async () => {
  payload = await bootPayload()
  await seedTags(payload)
  w = await buildWorld(payload)
})

describe('scan at upload', () => {
  it('stores what the scanner finds in a malicious archive, per file, with its severity', async () => {
    const project = await w.makeProject('processing')
    const { file } = await upload(project, maliciousJar())
    const findings = await findingsOf(file.id)
    expect(findings.map((f) => [f.kind, f.severity]).sort()).toEqual(
      expect.arrayContaining([
        ['hardcoded-ip', 'high'],
        ['nested-archive', 'medium'],
        ['zip-slip', 'critical'],
      ]),
    )
    expect(findings.find((f) => f.kind === 'zip-slip')?.entry).toBe('libs/loader.jar!/../../../.minecraft/mods/autorun.jar')
    expect(findings.every((f) => f.verdict === 'pending' && relationId(f.project) === project.id)).toBe(true)
  })

  it('stores nothing for a clean mod, and still uploads a zip bomb with its scan stopped and recorded', async () => {
    const project = await w.makeProject('draft')
    const clean = await upload(project, cleanJar())
    expect(await findingsOf(clean.file.id)).toEqual([])

    const bomb = zip({ 'a.class': new Uint8Array(64 * 1024 * 1024) })
    const { file } = await upload(project, bomb)
    expect(file.filesize).toBe(bomb.length)
    expect((await findingsOf(file.id)).map((f) => f.kind)).toEqual(['scan-limit'])
  })

  it('uploads a zip whose entry data is corrupt, and records that the scan could not read it', async () => {
    const good = zip({ 'fabric.mod.json': strToU8('{"id":"broken"}'), 'com/broken/Big.class': Buffer.concat([classWith('x'), Buffer.alloc(4096, 'abcdefgh')]) })
    // Garble the compressed bytes of the class entry (its local header is 30 bytes + name, after fabric.mod.json's).
    const corrupt = Buffer.from(good)
    const at = corrupt.indexOf(Buffer.from('com/broken/Big.class')) + 'com/broken/Big.class'.length + 4
    for (let i = at; i < at + 40; i++) corrupt[i] = 0xff
    const project = await w.makeProject('draft')
    const { file } = await upload(project, corrupt)
    expect(file.filesize).toBe(corrupt.length)
    expect((await findingsOf(file.id)).map((f) => [f.kind, f.severity])).toEqual([['corrupt', 'high']])
  })

  it('flags a file, or a class inside one, whose hash staff listed as known-malicious', async () => {
    const payloadClass = classWith('looks harmless')
    await payload.create({ collection: 'malicious-hashes', data: { hash: createHash('sha512').update(payloadClass).digest('hex').toUpperCase(), reason: 'Known stealer stage' }, user: w.users.moderator, overrideAccess: false })
    const project = await w.makeProject('draft')
    const { file } = await upload(project, zip({ 'x/Stage.class': payloadClass }))
    expect((await findingsOf(file.id)).map((f) => [f.kind, f.severity, f.entry])).toEqual([['known-malicious', 'critical', 'x/Stage.class']])
    // The list refuses what is not a hash.
    await expect(payload.create({ collection: 'malicious-hashes', data: { hash: 'not-a-hash' }, user: w.users.moderator, overrideAccess: false })).rejects.toMatchObject({ data: { errors: [expect.objectContaining({ message: NOT_A_HASH })] } })
  })
})

describe('the review list and verdicts', () => {
  it('lists flagged projects for staff only, filtered and searched', async () => {
    const project = await w.makeProject('processing')
    await upload(project, maliciousJar())
    const staff = await viewerFor(payload, w.users.moderator)
    const list = await technicalReviewList(staff, { minSeverity: 'medium', state: 'pending', sort: 'severity', q: project.slug! })
    expect(list?.map((p) => p.id)).toEqual([project.id])
    expect(list![0]).toMatchObject({ highest: 'critical', status: 'processing' })
    expect(list![0]!.files[0]!.findings[0]!.severity).toBe('critical')
    expect(await technicalReviewList(staff, { minSeverity: 'critical', state: 'decided', sort: 'oldest', q: project.slug! })).toEqual([])
    expect(await countFlaggedFiles(staff)).toBeGreaterThan(0)

    for (const user of [null, w.users.owner, w.users.stranger]) {
      expect(await technicalReviewList(await viewerFor(payload, user), { minSeverity: 'low', state: 'all', sort: 'newest' })).toBeNull()
      expect(await countFlaggedFiles(await viewerFor(payload, user))).toBeNull()
    }
    // Not on the API either, not even to the project's owner.
    await expect(payload.find({ collection: 'file-findings', where: { project: { equals: project.id } }, user: w.users.owner, overrideAccess: false })).rejects.toThrow(/not allowed/)
    expect((await api('GET', `/file-findings?where[project][equals]=${project.id}`)).status).toBe(403)
  })

  it('a safe verdict changes nothing else; a malicious one quarantines the file, lists its hash and withholds the project', async () => {
    const project = await w.makeProject('approved')
    const { version, file } = await upload(project, maliciousJar(), 'free-fps-1.0.jar')
    await payload.update({ collection: 'versions', id: version.id, data: { status: 'listed' }, overrideAccess: true })
    const findings = await findingsOf(file.id)
    const ip = findings.find((f) => f.kind === 'hardcoded-ip')!
    const nested = findings.find((f) => f.kind === 'nested-archive')!

    // Nobody but staff gives a verdict.
    await expect(payload.update({ collection: 'file-findings', id: ip.id, data: { verdict: 'safe' }, user: w.users.owner, overrideAccess: false })).rejects.toThrow()

    await payload.update({ collection: 'file-findings', id: nested.id, data: { verdict: 'safe' }, user: w.users.moderator, overrideAccess: false })
    expect((await payload.findByID({ collection: 'projects', id: project.id, overrideAccess: true, depth: 0 })).status).toBe('approved')
    const visibleFiles = async (user: typeof w.users.owner | null) => (await payload.find({ collection: 'version-files', where: { version: { equals: version.id } }, user, overrideAccess: false, depth: 0 })).docs.map((f) => f.id)
    expect(await visibleFiles(null)).toEqual([file.id])

    // As the site's action writes it: asking back for the id alone (the hooks must not depend on the answer's shape).
    await payload.update({ collection: 'file-findings', id: ip.id, data: { verdict: 'malicious' }, user: w.users.moderator, overrideAccess: false, select: { id: true } })
    expect(await payload.findByID({ collection: 'file-findings', id: ip.id, overrideAccess: true, depth: 0 })).toMatchObject({ verdict: 'malicious', decidedBy: w.users.moderator.id })
    const stored = await payload.findByID({ collection: 'projects', id: project.id, overrideAccess: true, depth: 0 })
    expect(stored.status).toBe('withheld')
    expect(stored.moderatorMessage?.body).toContain('free-fps-1.0.jar')
    const messages = await payload.find({ collection: 'thread-messages', where: { thread: { equals: relationId(stored.thread) } }, overrideAccess: true, depth: 0 })
    expect(messages.docs.map((m) => m.text).join('\n')).toContain('found to be malicious')

    // The file: gone for its own team and everyone else, there for staff; its hash is on the list.
    expect(await visibleFiles(w.users.owner)).toEqual([])
    expect(await visibleFiles(null)).toEqual([])
    expect(await visibleFiles(w.users.moderator)).toEqual([file.id])
    const bundles = await loadVisibleVersionBundles(await viewerFor(payload, w.users.owner), [version.id])
    expect(bundles.get(version.id)?.files).toEqual([])
    const stranger = await api('GET', `/version-files/file/${encodeURIComponent(file.filename!)}`)
    expect([403, 404]).toContain(stranger.status)
    expect((await payload.count({ collection: 'malicious-hashes', where: { hash: { equals: file.sha512 } }, overrideAccess: true })).totalDocs).toBe(1)
  })

  it('deleting a file takes its findings with it', async () => {
    const project = await w.makeProject('draft')
    const { file } = await upload(project, maliciousJar())
    expect((await findingsOf(file.id)).length).toBeGreaterThan(0)
    await payload.delete({ collection: 'version-files', id: file.id, overrideAccess: true })
    expect(await findingsOf(file.id)).toEqual([])
  })
})
