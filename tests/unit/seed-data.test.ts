import { strFromU8, unzipSync } from 'fflate'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { gameVersions, releaseVersions } from '../../src/seed/data/gameVersions'
import {
  demoChangelog,
  demoCollections,
  demoNews,
  demoOrganizations,
  demoUsers,
} from '../../src/seed/data/people'
import { generateProjects, type DemoProject } from '../../src/seed/data/projects'
import { createRng } from '../../src/seed/data/random'
import {
  categories,
  donationPlatforms,
  licenses,
  loaders,
  pluginLoaders,
  pluginPlatformLoaders,
  reportTypes,
  type CategoryHeader,
  type ProjectType,
} from '../../src/seed/data/tags'
import { buildDemoFile } from '../../src/seed/files'
import { renderAvatar, renderBanner, renderGalleryImage, renderIcon } from '../../src/seed/images'

// Spec §3, verbatim.
const spec: [ProjectType, CategoryHeader, string][] = [
  ...'adventure challenging combat kitchen-sink lightweight magic multiplayer optimization quests technology'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['modpack', 'categories', n]),
  ...'adventure cursed decoration economy equipment food game-mechanics library magic management minigame mobs optimization social storage technology transportation utility worldgen'
    .split(' ')
    .flatMap((n): [ProjectType, CategoryHeader, string][] => [
      ['mod', 'categories', n],
      ['plugin', 'categories', n],
      ['datapack', 'categories', n],
    ]),
  ...'combat cursed decoration modded realistic simplistic themed tweaks utility vanilla-like'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['resourcepack', 'categories', n]),
  ...'audio blocks core-shaders entities environment equipment fonts gui items locale models'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['resourcepack', 'features', n]),
  ...'8x- 16x 32x 48x 64x 128x 256x 512x+'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['resourcepack', 'resolutions', n]),
  ...'cartoon cursed fantasy realistic semi-realistic vanilla-like'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['shader', 'categories', n]),
  ...'atmosphere bloom colored-lighting foliage path-tracing pbr reflections shadows'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['shader', 'features', n]),
  ...'potato low medium high screenshot'
    .split(' ')
    .map((n): [ProjectType, CategoryHeader, string] => ['shader', 'performance impact', n]),
]

const catKey = (t: string, h: string, n: string): string => `${t}|${h}|${n}`
const catSet = new Set(categories.map((c) => catKey(c.projectType, c.header, c.name)))
const loaderByName = new Map(loaders.map((l) => [l.name, l]))
const gameVersionSet = new Set(gameVersions.map((v) => v.version))
const licenseSet = new Set(licenses.map((l) => l.short))

describe('tags', () => {
  it('has every category, feature, resolution and performance tag of the spec with the right header and type', () => {
    for (const [type, header, name] of spec) expect(catSet.has(catKey(type, header, name)), `${type}/${header}/${name}`).toBe(true)
    expect(categories.length).toBe(spec.length)
    expect(catSet.size).toBe(categories.length)
  })

  it('gives every tag an inline 24x24 SVG icon using currentColor', () => {
    for (const c of [...categories, ...loaders]) {
      expect(c.icon).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/)
      expect(c.icon).toContain('currentColor')
      expect(c.icon.endsWith('</svg>')).toBe(true)
    }
  })

  it('lists the Modrinth loaders with their supported project types', () => {
    const expected: Record<string, string[]> = {
      fabric: ['mod', 'modpack'],
      forge: ['mod', 'modpack'],
      neoforge: ['mod', 'modpack'],
      quilt: ['mod', 'modpack'],
      babric: ['mod'],
      'bta-babric': ['mod'],
      'legacy-fabric': ['mod'],
      ornithe: ['mod'],
      rift: ['mod'],
      liteloader: ['mod'],
      modloader: ['mod'],
      'java-agent': ['mod'],
      nilloader: ['mod'],
      datapack: ['mod', 'datapack'],
      minecraft: ['resourcepack'],
      iris: ['shader'],
      optifine: ['shader'],
      canvas: ['shader'],
      vanilla: ['shader'],
    }
    for (const [name, types] of Object.entries(expected)) expect(loaderByName.get(name)?.supportedProjectTypes).toEqual(types)
    expect(pluginLoaders).toEqual(['bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge'])
    expect(pluginPlatformLoaders).toEqual(['bungeecord', 'waterfall', 'velocity'])
    for (const l of [...pluginLoaders, ...pluginPlatformLoaders]) expect(loaderByName.get(l)?.supportedProjectTypes).toEqual(['plugin'])
    expect(new Set(loaders.map((l) => l.name)).size).toBe(loaders.length)
  })

  it('has licenses, donation platforms and report types', () => {
    for (const id of ['MIT', 'Apache-2.0', 'GPL-3.0-only', 'LGPL-3.0-only', 'MPL-2.0', 'CC0-1.0', 'LicenseRef-All-Rights-Reserved', 'LicenseRef-Custom'])
      expect(licenseSet.has(id), id).toBe(true)
    expect(licenses.every((l) => l.name.length > 0)).toBe(true)
    expect(donationPlatforms.map((d) => d.short)).toEqual(['patreon', 'bmac', 'paypal', 'github', 'ko-fi', 'other'])
    expect(donationPlatforms.find((d) => d.short === 'bmac')?.name).toBe('Buy Me a Coffee')
    expect(reportTypes).toEqual(['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting'])
  })
})

describe('game versions', () => {
  it('covers every major release from 1.0 to 1.21 and the 1.21.x patches', () => {
    const majors = new Set(gameVersions.filter((v) => v.major).map((v) => v.version))
    // 1.2, 1.3, 1.4, 1.6 and 1.7 never had a bare ".0" release; their first patch is the major one.
    for (const v of ['1.0', '1.1', '1.2.1', '1.3.1', '1.4.2', '1.5', '1.6.1', '1.7.2', '1.8', '1.12', '1.16', '1.20', '1.21'])
      expect(majors.has(v), v).toBe(true)
    expect(majors.size).toBe(22)
    for (let i = 1; i <= 10; i++) expect(gameVersionSet.has(`1.21.${i}`)).toBe(true)
    for (const v of ['1.7.10', '1.12.2', '1.16.5', '1.20.1', '1.20.6', 'b1.7.3', 'a1.2.6', '24w14a', '1.21-pre1', '1.21-rc1'])
      expect(gameVersionSet.has(v), v).toBe(true)
    expect(gameVersions.find((v) => v.version === '1.21')).toEqual({
      version: '1.21',
      versionType: 'release',
      date: '2024-06-13T10:00:00Z',
      major: true,
    })
  })

  it('is unique, typed and sorted newest first', () => {
    expect(gameVersionSet.size).toBe(gameVersions.length)
    for (const t of ['release', 'snapshot', 'beta', 'alpha']) expect(gameVersions.some((v) => v.versionType === t)).toBe(true)
    for (let i = 1; i < gameVersions.length; i++) expect(gameVersions[i - 1]!.date >= gameVersions[i]!.date).toBe(true)
    expect(gameVersions.every((v) => !Number.isNaN(Date.parse(v.date)))).toBe(true)
    expect(releaseVersions[0]).toBe('1.0')
  })
})

describe('random', () => {
  it('is deterministic and stays in range', () => {
    const a = createRng(7)
    const b = createRng(7)
    const xs = Array.from({ length: 50 }, () => a.int(3, 9))
    expect(xs).toEqual(Array.from({ length: 50 }, () => b.int(3, 9)))
    expect(xs.every((x) => x >= 3 && x <= 9)).toBe(true)
    expect(new Set(xs).size).toBeGreaterThan(4)
    const s = createRng(1).sample([1, 2, 3, 4, 5], 3)
    expect(new Set(s).size).toBe(3)
  })
})

describe('generateProjects', () => {
  const projects = generateProjects()
  const bySlug = new Map(projects.map((p) => [p.slug, p]))
  const versions = projects.flatMap((p) => p.versions)

  it('is deterministic for a seed and varies between seeds', () => {
    expect(generateProjects(42)).toEqual(projects)
    expect(JSON.stringify(generateProjects(7))).toBe(JSON.stringify(generateProjects(7)))
    expect(JSON.stringify(generateProjects(7))).not.toBe(JSON.stringify(projects))
  })

  it('has enough projects and versions, covering every type and status', () => {
    expect(projects.length).toBeGreaterThanOrEqual(72)
    expect(versions.length).toBeGreaterThanOrEqual(180)
    for (const t of ['mod', 'modpack', 'plugin', 'datapack', 'resourcepack', 'shader'])
      expect(projects.filter((p) => p.projectType === t).length, t).toBeGreaterThanOrEqual(6)
    const statuses = ['approved', 'archived', 'unlisted', 'withheld', 'private', 'draft', 'processing', 'rejected', 'scheduled']
    for (const s of statuses) expect(projects.filter((p) => p.status === s).length, s).toBeGreaterThanOrEqual(2)
    const approved = projects.filter((p) => p.status === 'approved').length
    for (const s of statuses.slice(1)) expect(approved).toBeGreaterThan(projects.filter((p) => p.status === s).length)
    for (const s of ['listed', 'archived', 'unlisted', 'draft']) expect(versions.some((v) => v.status === s), s).toBe(true)
  })

  it('keeps slugs, titles and summaries within the API limits', () => {
    expect(bySlug.size).toBe(projects.length)
    for (const p of projects) {
      expect(p.slug).toMatch(/^[a-z0-9-]{3,64}$/)
      expect(p.title.length).toBeGreaterThanOrEqual(3)
      expect(p.title.length).toBeLessThanOrEqual(64)
      expect(p.summary.length).toBeGreaterThanOrEqual(30)
      expect(p.summary.length).toBeLessThanOrEqual(255)
      expect(p.summary).not.toBe(p.title)
      expect(p.summary).not.toMatch(/[\n*_`#[\]]|https?:/)
      expect(p.requestedStatus).toBe('approved')
    }
  })

  it('writes markdown bodies with text and a link, and across the catalogue headings, lists, code, tables and quotes', () => {
    for (const p of projects) {
      const readable = p.body.replace(/```[\s\S]*?```/g, '').replace(/[#*`_[\]()>|-]/g, '')
      expect(readable.length, p.slug).toBeGreaterThanOrEqual(150)
      expect(p.body).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/)
    }
    const share = (re: RegExp) => projects.filter((p) => re.test(p.body)).length / projects.length
    for (const re of [/^## /m, /^- /m, /```\w+\n[\s\S]+?\n```/, /^\| --- \|/m, /^> /m]) {
      expect(share(re), String(re)).toBeGreaterThan(0.1)
      expect(share(re), String(re)).toBeLessThan(1)
    }
  })

  it('uses valid tags: ≤3 categories of the type, one resolution per resource pack', () => {
    for (const p of projects) {
      expect(p.categories.length).toBeGreaterThanOrEqual(1)
      expect(p.categories.length).toBeLessThanOrEqual(3)
      expect(p.additionalCategories.length).toBeLessThanOrEqual(3)
      for (const c of p.categories) expect(catSet.has(catKey(p.projectType, 'categories', c)), `${p.slug}: ${c}`).toBe(true)
      for (const c of p.additionalCategories)
        expect(categories.some((t) => t.projectType === p.projectType && t.name === c), `${p.slug}: ${c}`).toBe(true)
      expect(new Set([...p.categories, ...p.additionalCategories]).size).toBe(p.categories.length + p.additionalCategories.length)
      const res = p.additionalCategories.filter((c) => catSet.has(catKey('resourcepack', 'resolutions', c)))
      if (p.projectType === 'resourcepack') expect(res.length, p.slug).toBe(1)
    }
  })

  it('uses loaders, licenses, sides and links that fit the project type', () => {
    const sides = ['required', 'optional', 'unsupported', 'unknown']
    for (const p of projects) {
      expect(p.loaders.length).toBeGreaterThan(0)
      for (const l of p.loaders) expect(loaderByName.get(l)?.supportedProjectTypes, `${p.slug}: ${l}`).toContain(p.projectType)
      expect(licenseSet.has(p.licenseId), p.licenseId).toBe(true)
      if (p.licenseId === 'LicenseRef-Custom') expect(p.licenseUrl).toMatch(/^https:\/\//)
      if (/GPL|MPL/.test(p.licenseId)) expect(p.sourceUrl, p.slug).not.toBeNull()
      expect(sides).toContain(p.clientSide)
      expect(sides).toContain(p.serverSide)
      if (p.projectType === 'plugin') expect([p.clientSide, p.serverSide]).toEqual(['unsupported', 'required'])
      if (p.projectType === 'shader' || p.projectType === 'resourcepack') expect(p.clientSide).toBe('required')
      if (p.discordUrl) expect(p.discordUrl).toMatch(/^https:\/\/discord\.gg\/[A-Za-z0-9]+$/)
      for (const url of [p.issuesUrl, p.sourceUrl, p.wikiUrl]) if (url) expect(url).toMatch(/^https:\/\//)
      for (const d of p.donationUrls) expect(donationPlatforms.map((x) => x.short)).toContain(d.platform)
      expect(p.ownerIndex).toBeGreaterThanOrEqual(0)
      expect(p.ownerIndex).toBeLessThan(demoUsers.length)
      if (p.organizationIndex !== null) expect(demoOrganizations[p.organizationIndex]?.memberUsernames).toContain(demoUsers[p.ownerIndex]?.username)
      expect(p.color).toBeGreaterThanOrEqual(0)
      expect(p.color).toBeLessThanOrEqual(0xffffff)
      expect(p.galleryCount).toBeGreaterThanOrEqual(p.projectType === 'shader' ? 3 : p.projectType === 'resourcepack' ? 1 : 0)
      expect(p.galleryCount).toBeLessThanOrEqual(4)
      expect(p.updatedDaysAgo).toBeLessThanOrEqual(p.publishedDaysAgo)
      expect(p.moderatorMessage !== null).toBe(p.status === 'rejected' || p.status === 'withheld')
    }
    const dls = projects.map((p) => p.downloads).sort((a, b) => b - a)
    expect(dls[0]).toBeGreaterThan(1_000_000)
    expect(dls[0]).toBeLessThan(10_000_000)
    expect(dls[Math.floor(dls.length / 2)]).toBeLessThan(100_000)
  })

  it('generates valid versions: numbers ≤32, known game versions, subset loaders, real dependencies', () => {
    for (const p of projects) {
      if (p.status !== 'draft') expect(p.versions.length, p.slug).toBeGreaterThan(0)
      expect(p.versions.reduce((n, v) => n + v.downloads, 0)).toBe(p.versions.length ? p.downloads : 0)
      for (const v of p.versions) {
        expect(v.versionNumber.length).toBeGreaterThanOrEqual(1)
        expect(v.versionNumber.length).toBeLessThanOrEqual(32)
        expect(v.name.length).toBeLessThanOrEqual(64)
        expect(v.gameVersions.length).toBeGreaterThan(0)
        for (const g of v.gameVersions) expect(gameVersionSet.has(g), `${p.slug} ${g}`).toBe(true)
        expect(v.loaders.length).toBeGreaterThan(0)
        for (const l of v.loaders) expect(p.loaders).toContain(l)
        expect(v.daysAgo).toBeLessThanOrEqual(p.publishedDaysAgo)
        expect(v.files.length).toBeLessThanOrEqual(2)
        if (v.files.length) expect(v.files.filter((f) => f.primary).length).toBe(1)
        const ext = p.projectType === 'mod' || p.projectType === 'plugin' ? '.jar' : p.projectType === 'modpack' ? '.mrpack' : '.zip'
        for (const f of v.files) if (f.primary) expect(f.filename.endsWith(ext), f.filename).toBe(true)
        expect(new Set(v.files.map((f) => f.filename)).size).toBe(v.files.length)
        for (const d of v.dependencies) {
          expect(bySlug.has(d.projectSlug), d.projectSlug).toBe(true)
          expect(d.projectSlug).not.toBe(p.slug)
          expect(['required', 'optional', 'incompatible', 'embedded']).toContain(d.dependencyType)
        }
      }
      // Release-type game versions of one version form a contiguous range.
      for (const v of p.versions) {
        const idx = v.gameVersions.map((g) => releaseVersions.indexOf(g)).filter((i) => i >= 0)
        if (idx.length === v.gameVersions.length && idx.length > 1 && p.slug !== 'launch-profiler-agent')
          expect(Math.max(...idx) - Math.min(...idx) + 1, `${p.slug} ${v.versionNumber}`).toBe(idx.length)
      }
    }
    expect(versions.some((v) => v.files.length === 0 && v.status === 'listed')).toBe(true)
    expect(versions.some((v) => /\+[a-z]+$/.test(v.versionNumber))).toBe(true)
    // Some project repeats a version number across loaders.
    const repeated = projects.some((p) => new Set(p.versions.map((v) => v.versionNumber)).size < p.versions.length)
    expect(repeated).toBe(true)
    // Modpacks bundle several mods.
    for (const p of projects.filter((x) => x.projectType === 'modpack'))
      for (const v of p.versions) {
        expect(v.dependencies.length).toBeGreaterThanOrEqual(3)
        for (const d of v.dependencies) expect(bySlug.get(d.projectSlug)?.projectType).toBe('mod')
      }
  })
})

describe('people, collections, news', () => {
  const slugs = new Set(generateProjects().map((p) => p.slug))

  it('has the staff accounts and unique users', () => {
    expect(demoUsers.length).toBeGreaterThanOrEqual(8)
    expect(demoUsers.find((u) => u.username === 'admin')).toMatchObject({ role: 'admin', email: 'admin@example.com' })
    expect(demoUsers.some((u) => u.role === 'moderator')).toBe(true)
    expect(demoUsers.some((u) => u.newsEditor)).toBe(true)
    expect(new Set(demoUsers.map((u) => u.username.toLowerCase())).size).toBe(demoUsers.length)
    for (const u of demoUsers) {
      expect(u.badges).toBeGreaterThanOrEqual(0)
      expect(u.badges).toBeLessThan(256)
      expect(u.bio.length).toBeLessThanOrEqual(160)
    }
  })

  it('links organizations and collections to existing users and projects', () => {
    const users = new Set(demoUsers.map((u) => u.username))
    expect(demoOrganizations).toHaveLength(2)
    for (const o of demoOrganizations) for (const m of o.memberUsernames) expect(users.has(m)).toBe(true)
    for (const vis of ['public', 'private', 'unlisted']) expect(demoCollections.filter((c) => c.visibility === vis).length).toBeGreaterThanOrEqual(3)
    for (const c of demoCollections) {
      expect(users.has(c.ownerUsername)).toBe(true)
      for (const s of c.projectSlugs) expect(slugs.has(s), s).toBe(true)
    }
  })

  it('has news articles and changelog entries per product', () => {
    expect(demoNews.length).toBeGreaterThanOrEqual(4)
    expect(new Set(demoNews.map((n) => n.slug)).size).toBe(demoNews.length)
    for (const n of demoNews) {
      expect(n.paragraphs.length).toBeGreaterThan(0)
      if (n.videoId) expect(n.videoId).toMatch(/^[A-Za-z0-9_-]{11}$/)
    }
    for (const product of ['web', 'app', 'servers'])
      expect(demoChangelog.filter((c) => c.product === product).length).toBeGreaterThanOrEqual(3)
    for (const c of demoChangelog.filter((x) => x.product === 'app')) expect(c.version).toMatch(/^\d+\.\d+\.\d+$/)
  })
})

describe('demo files', () => {
  const projects = generateProjects()
  const find = (pred: (p: DemoProject) => boolean): DemoProject => {
    const p = projects.find((x) => pred(x) && x.versions.some((v) => v.files.length > 0))
    if (!p) throw new Error('no matching project')
    return p
  }
  const build = (p: DemoProject): Record<string, Uint8Array> => {
    const v = p.versions.find((x) => x.files.length > 0)!
    return unzipSync(buildDemoFile(p, v, v.files[0]!))
  }

  it('builds a fabric mod jar that is a real zip with fabric.mod.json and a class file', () => {
    const p = find((x) => x.projectType === 'mod' && x.loaders.includes('fabric'))
    const v = p.versions.find((x) => x.files.length > 0 && x.loaders.includes('fabric'))!
    const files = unzipSync(buildDemoFile(p, v, v.files[0]!))
    const meta = JSON.parse(strFromU8(files['fabric.mod.json']!))
    expect(meta).toMatchObject({ schemaVersion: 1, version: v.versionNumber, name: p.title })
    expect(files['LICENSE']).toBeDefined()
    const cls = Object.entries(files).find(([k]) => k.endsWith('.class'))![1]
    expect(Array.from(cls.subarray(0, 4))).toEqual([0xca, 0xfe, 0xba, 0xbe])
  })

  it('is byte-for-byte deterministic', () => {
    const p = find((x) => x.projectType === 'mod')
    const v = p.versions.find((x) => x.files.length > 0)!
    expect(buildDemoFile(p, v, v.files[0]!)).toEqual(buildDemoFile(p, v, v.files[0]!))
  })

  it('builds forge metadata, modpack index, packs and shaders', () => {
    const forge = build(find((x) => x.projectType === 'mod' && x.loaders.includes('forge') && !x.loaders.includes('fabric')))
    expect(strFromU8(forge['META-INF/mods.toml']!)).toContain('modLoader="javafml"')

    const pack = projects.find((x) => x.projectType === 'modpack' && x.versions.length > 0)!
    const pv = pack.versions[0]!
    const index = JSON.parse(strFromU8(unzipSync(buildDemoFile(pack, pv, pv.files[0]!))['modrinth.index.json']!))
    expect(index).toMatchObject({ formatVersion: 1, game: 'minecraft', versionId: pv.versionNumber, name: pack.title, files: [] })
    expect(index.dependencies.minecraft).toBe(pv.gameVersions.at(-1))

    const rp = build(find((x) => x.projectType === 'resourcepack'))
    expect(JSON.parse(strFromU8(rp['pack.mcmeta']!)).pack.pack_format).toBeGreaterThan(0)
    const dp = build(find((x) => x.projectType === 'datapack'))
    expect(Object.keys(dp).some((k) => k.endsWith('.mcfunction'))).toBe(true)
    const sh = build(find((x) => x.projectType === 'shader' && x.loaders.includes('iris')))
    expect(Object.keys(sh).some((k) => k.startsWith('shaders/'))).toBe(true)
    const pl = build(find((x) => x.projectType === 'plugin' && x.loaders.includes('paper')))
    expect(strFromU8(pl['plugin.yml']!)).toMatch(/^name: /)
  })

  it('builds every file of every version without throwing', () => {
    let n = 0
    for (const p of projects)
      for (const v of p.versions)
        for (const f of v.files) {
          expect(buildDemoFile(p, v, f).length).toBeGreaterThan(100)
          n++
        }
    expect(n).toBeGreaterThan(180)
  })
})

describe('images', () => {
  it('renders icons as PNGs of the requested size, deterministically', async () => {
    const png = await renderIcon('ember-lib')
    const meta = await sharp(png).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 })
    expect((await sharp(await renderIcon('ember-lib', 96)).metadata()).width).toBe(96)
    expect((await renderIcon('ember-lib')).equals(png)).toBe(true)
    expect((await renderIcon('swiftchunk')).equals(png)).toBe(false)
  })

  it('renders gallery images, avatars and banners', async () => {
    expect(await sharp(await renderGalleryImage('ember-lib', 0)).metadata()).toMatchObject({ format: 'png', width: 1280, height: 720 })
    expect(await sharp(await renderAvatar('admin')).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 })
    expect(await sharp(await renderBanner('welcome')).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 })
  })
})

describe('demo data looks like a real catalogue', () => {
  const projects = generateProjects(42)

  it('every account joined before the first project it owns', async () => {
    const { joinDaysAgo } = await import('../../src/seed/data/joinDates')
    const owned = projects.map((p) => ({ owner: demoUsers[p.ownerIndex].username, publishedDaysAgo: p.publishedDaysAgo }))
    const joined = joinDaysAgo(demoUsers.map((u) => u.username), owned)
    for (const p of owned) expect(joined.get(p.owner)).toBeGreaterThan(p.publishedDaysAgo)
    expect(new Set(joined.values()).size).toBe(demoUsers.length)
  })

  it('descriptions come in several layouts, and some show a gallery picture', () => {
    const openings = new Set(projects.map((p) => p.body.split('\n')[0].replace(/[^#*>|]/g, '').slice(0, 3)))
    expect(openings.size).toBeGreaterThanOrEqual(3)
    expect(projects.filter((p) => p.galleryCount > 0 && p.body.includes('{{gallery:1}}')).length).toBeGreaterThan(10)
  })

  it('resource packs and shaders get their own kind of gallery picture', async () => {
    const stats = async (buf: Buffer) => (await sharp(buf).stats()).channels.map((c) => Math.round(c.mean))
    const landscape = await stats(await renderGalleryImage('crisp-interface', 1, 'resourcepack'))
    const sheet = await stats(await renderGalleryImage('crisp-interface', 0, 'resourcepack'))
    expect(sheet).not.toEqual(landscape)
    expect(await sharp(await renderGalleryImage('aurora-shaders', 0, 'shader')).metadata()).toMatchObject({ width: 1280, height: 720 })
  })
})
