/**
 * Builds small but real, byte-for-byte deterministic demo files for seeded versions:
 * mod/plugin jars with loader metadata and a valid class file, `.mrpack` modpacks,
 * resource/data pack zips and shader packs. Pure: no I/O.
 */
import { strToU8, zipSync, zlibSync, type Zippable } from 'fflate'

import { releaseVersions } from './data/gameVersions'
import { demoUsers } from './data/people'
import type { DemoFileSpec, DemoProject, DemoVersion } from './data/projects'

/** Fixed timestamp for every zip entry. Built from local-time parts because zip (DOS) times are
 * local: this way the bytes are the same in every time zone. */
const FIXED_MTIME = new Date(2024, 0, 1, 12, 0, 0)

const te = (s: string): Uint8Array => strToU8(s)
const json = (v: unknown): Uint8Array => te(JSON.stringify(v, null, 2) + '\n')

function zip(entries: Record<string, Uint8Array>): Uint8Array {
  const tree: Zippable = {}
  for (const path of Object.keys(entries).sort()) tree[path] = entries[path] as Uint8Array
  return zipSync(tree, { level: 6, mtime: FIXED_MTIME })
}

// ---------------------------------------------------------------------------
// Tiny binary builders

/** A minimal but valid JVM class file: `public class <name> extends java.lang.Object {}`. */
export function classFile(internalName: string, javaMajor = 65): Uint8Array {
  const bytes: number[] = []
  const u1 = (n: number): void => {
    bytes.push(n & 0xff)
  }
  const u2 = (n: number): void => {
    u1(n >> 8)
    u1(n)
  }
  const utf8 = (s: string): void => {
    const b = strToU8(s)
    u1(1)
    u2(b.length)
    for (const x of b) u1(x)
  }
  for (const b of [0xca, 0xfe, 0xba, 0xbe]) u1(b)
  u2(0) // minor
  u2(javaMajor)
  u2(5) // constant pool count (4 entries + 1)
  u1(7) // #1 Class -> #2
  u2(2)
  utf8(internalName) // #2
  u1(7) // #3 Class -> #4
  u2(4)
  utf8('java/lang/Object') // #4
  u2(0x0021) // ACC_PUBLIC | ACC_SUPER
  u2(1) // this_class
  u2(3) // super_class
  for (let i = 0; i < 4; i++) u2(0) // interfaces, fields, methods, attributes: none
  return Uint8Array.from(bytes)
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(data: Uint8Array): number {
  let c = 0xffffffff
  for (const b of data) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/** Encode an RGB image as PNG (no sharp needed, fully synchronous). */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Uint8Array {
  const raw = new Uint8Array((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0 // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y)
      const o = y * (width * 3 + 1) + 1 + x * 3
      raw[o] = r
      raw[o + 1] = g
      raw[o + 2] = b
    }
  }
  const chunk = (type: string, data: Uint8Array): Uint8Array => {
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(strToU8(type), 4)
    out.set(data, 8)
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)))
    return out
  }
  const ihdr = new Uint8Array(13)
  const hv = new DataView(ihdr.buffer)
  hv.setUint32(0, width)
  hv.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit, truecolour
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let off = 0
  for (const p of parts) {
    png.set(p, off)
    off += p.length
  }
  return png
}

/** 16x16 texture-like tile whose colours derive from the project colour. */
function tile(color: number, variant: number): Uint8Array {
  const r = (color >> 16) & 0xff
  const g = (color >> 8) & 0xff
  const b = color & 0xff
  return encodePng(16, 16, (x, y) => {
    const n = ((x * 7 + y * 13 + variant * 5) ^ (x * y)) % 5
    const f = 0.7 + n * 0.08
    return [Math.min(255, Math.round(r * f)), Math.min(255, Math.round(g * f)), Math.min(255, Math.round(b * f))]
  })
}

// ---------------------------------------------------------------------------
// Metadata helpers

const modId = (slug: string): string => {
  const id = slug.replace(/-/g, '_').replace(/^[^a-z]+/, '')
  return (id || 'demo_mod').slice(0, 63)
}
const className = (title: string): string =>
  title.replace(/[^A-Za-z0-9 ]/g, '').split(' ').filter(Boolean).map((w) => w[0]?.toUpperCase() + w.slice(1)).join('') || 'DemoMod'
const authorOf = (p: DemoProject): string => demoUsers[p.ownerIndex]?.username ?? 'unknown'

const relIndex = (v: string): number => releaseVersions.indexOf(v)
function newestRelease(v: DemoVersion): string {
  return [...v.gameVersions].sort((a, b) => relIndex(a) - relIndex(b)).at(-1) ?? '1.21.1'
}
function oldestRelease(v: DemoVersion): string {
  return [...v.gameVersions].sort((a, b) => relIndex(a) - relIndex(b))[0] ?? '1.21.1'
}

/** Java class-file major version the game release runs on. */
function javaMajorFor(game: string): number {
  const i = relIndex(game)
  if (i >= relIndex('1.20.5')) return 65 // Java 21
  if (i >= relIndex('1.18')) return 61 // Java 17
  if (i >= relIndex('1.17')) return 60 // Java 16
  return 52 // Java 8
}

/** [first release, pack_format] thresholds (resource packs, data packs). */
const resourcePackFormats: [string, number][] = [
  ['1.6.1', 1], ['1.9', 2], ['1.11', 3], ['1.13', 4], ['1.15', 5], ['1.16.2', 6], ['1.17', 7], ['1.18', 8],
  ['1.19', 9], ['1.19.3', 12], ['1.19.4', 13], ['1.20', 15], ['1.20.2', 18], ['1.20.3', 22], ['1.20.5', 32],
  ['1.21', 34], ['1.21.2', 42], ['1.21.4', 46], ['1.21.5', 55], ['1.21.6', 63], ['1.21.7', 64], ['1.21.9', 69],
]
const dataPackFormats: [string, number][] = [
  ['1.13', 4], ['1.15', 5], ['1.16.2', 6], ['1.17', 7], ['1.18', 8], ['1.18.2', 9], ['1.19', 10], ['1.19.4', 12],
  ['1.20', 15], ['1.20.2', 18], ['1.20.3', 26], ['1.20.5', 41], ['1.21', 48], ['1.21.2', 57], ['1.21.4', 61],
  ['1.21.5', 71], ['1.21.6', 80], ['1.21.7', 81], ['1.21.9', 88],
]
function packFormat(table: [string, number][], game: string): number {
  const i = relIndex(game)
  let fmt = table[0]?.[1] ?? 1
  for (const [from, f] of table) if (relIndex(from) <= i) fmt = f
  return fmt
}

function packMcmeta(p: DemoProject, v: DemoVersion, kind: 'resource' | 'data'): Uint8Array {
  const table = kind === 'data' ? dataPackFormats : resourcePackFormats
  const lo = packFormat(table, oldestRelease(v))
  const hi = packFormat(table, newestRelease(v))
  return json({
    pack: {
      pack_format: hi,
      ...(lo !== hi ? { supported_formats: { min_inclusive: lo, max_inclusive: hi } } : {}),
      description: `${p.title} ${v.versionNumber}`,
    },
  })
}

const licenseText = (p: DemoProject): Uint8Array =>
  te(`${p.title}\nCopyright (c) ${authorOf(p)}\n\nLicensed under ${p.licenseId}.\nThis file is demo content generated for a development database.\n`)

const manifest = (p: DemoProject, v: DemoVersion, extra = ''): Uint8Array =>
  te(
    `Manifest-Version: 1.0\r\nCreated-By: BlockForge demo seed\r\nImplementation-Title: ${p.title}\r\n` +
      `Implementation-Version: ${v.versionNumber}\r\n${extra}\r\n`,
  )

// ---------------------------------------------------------------------------
// Per type

function modJar(p: DemoProject, v: DemoVersion): Uint8Array {
  const id = modId(p.slug)
  const cls = className(p.title)
  const pkg = `com/example/${id}`
  const main = `${pkg.replace(/\//g, '.')}.${cls}`
  const mc = newestRelease(v)
  const legacyMc = v.gameVersions.length === 1 ? v.gameVersions[0] ?? mc : `>=${oldestRelease(v)}`
  const env = p.clientSide === 'required' && p.serverSide === 'unsupported' ? 'client' : p.clientSide === 'unsupported' ? 'server' : '*'
  const files: Record<string, Uint8Array> = {
    'META-INF/MANIFEST.MF': manifest(p, v, v.loaders.includes('java-agent') ? `Premain-Class: ${main}\r\n` : ''),
    LICENSE: licenseText(p),
    [`${pkg}/${cls}.class`]: classFile(`${pkg}/${cls}`, javaMajorFor(mc)),
    [`assets/${id}/lang/en_us.json`]: json({ [`${id}.name`]: p.title }),
  }
  const l = new Set(v.loaders)
  if (['fabric', 'quilt', 'babric', 'bta-babric', 'legacy-fabric', 'ornithe'].some((x) => l.has(x))) {
    files['fabric.mod.json'] = json({
      schemaVersion: 1,
      id,
      version: v.versionNumber,
      name: p.title,
      description: p.summary,
      authors: [authorOf(p)],
      contact: { ...(p.sourceUrl ? { sources: p.sourceUrl } : {}), ...(p.issuesUrl ? { issues: p.issuesUrl } : {}) },
      license: p.licenseId,
      icon: `assets/${id}/icon.png`,
      environment: env,
      entrypoints: { main: [main] },
      depends: { fabricloader: '>=0.15.0', minecraft: v.gameVersions.length > 1 ? legacyMc : mc },
    })
    files[`assets/${id}/icon.png`] = tile(p.color, 0)
  }
  if (l.has('quilt')) {
    files['quilt.mod.json'] = json({
      schema_version: 1,
      quilt_loader: {
        group: 'com.example',
        id,
        version: v.versionNumber,
        metadata: { name: p.title, description: p.summary, contributors: { [authorOf(p)]: 'Owner' } },
        intermediate_mappings: 'net.fabricmc:intermediary',
        depends: [{ id: 'minecraft', versions: `>=${oldestRelease(v)}` }],
      },
    })
  }
  const toml = (loader: 'forge' | 'neoforge'): Uint8Array =>
    te(
      [
        'modLoader="javafml"',
        `loaderVersion="[${loader === 'forge' ? 47 : 1},)"`,
        `license="${p.licenseId}"`,
        ...(p.issuesUrl ? [`issueTrackerURL="${p.issuesUrl}"`] : []),
        '',
        '[[mods]]',
        `modId="${id}"`,
        `version="${v.versionNumber}"`,
        `displayName="${p.title}"`,
        `authors="${authorOf(p)}"`,
        `description='''${p.summary}'''`,
        '',
        `[[dependencies.${id}]]`,
        'modId="minecraft"',
        loader === 'forge' ? 'mandatory=true' : 'type="required"',
        `versionRange="[${oldestRelease(v)},)"`,
        'ordering="NONE"',
        'side="BOTH"',
        '',
      ].join('\n'),
    )
  if (l.has('forge')) files['META-INF/mods.toml'] = toml('forge')
  if (l.has('neoforge')) files['META-INF/neoforge.mods.toml'] = toml('neoforge')
  if (l.has('liteloader')) files['litemod.json'] = json({ name: p.title, mcversion: legacyMc, version: v.versionNumber, author: authorOf(p), description: p.summary })
  if (l.has('rift')) files['riftmod.json'] = json({ id, name: p.title, authors: [authorOf(p)], listeners: [main] })
  if (l.has('modloader')) files[`mod_${cls}.class`] = classFile(`mod_${cls}`, 50)
  if (l.has('nilloader')) files[`${id}.nilmod.css`] = te(`@nilmod {\n\tname: "${p.title}";\n\tversion: "${v.versionNumber}";\n\tauthors: "${authorOf(p)}";\n\tpremain: "${main}";\n}\n`)
  return zip(files)
}

function pluginJar(p: DemoProject, v: DemoVersion): Uint8Array {
  const id = modId(p.slug)
  const cls = className(p.title)
  const pkg = `com/example/${id}`
  const main = `${pkg.replace(/\//g, '.')}.${cls}`
  const l = new Set(v.loaders)
  const files: Record<string, Uint8Array> = {
    'META-INF/MANIFEST.MF': manifest(p, v),
    LICENSE: licenseText(p),
    [`${pkg}/${cls}.class`]: classFile(`${pkg}/${cls}`, javaMajorFor(newestRelease(v))),
    'config.yml': te(`# ${p.title} configuration\nstorage: sqlite\ncooldown-seconds: 5\n`),
  }
  const apiVersion = (oldestRelease(v).match(/^1\.\d+/) ?? ['1.20'])[0]
  if (['bukkit', 'spigot', 'paper', 'purpur', 'folia'].some((x) => l.has(x))) {
    files['plugin.yml'] = te(
      `name: ${cls}\nversion: '${v.versionNumber}'\nmain: ${main}\napi-version: '${apiVersion}'\n` +
        `author: ${authorOf(p)}\ndescription: "${p.summary.replace(/"/g, "'")}"\n` +
        (l.has('folia') ? 'folia-supported: true\n' : '') +
        `commands:\n  ${id.replace(/_/g, '')}:\n    description: Main command of ${p.title}\n`,
    )
  }
  if (l.has('bungeecord') || l.has('waterfall')) files['bungee.yml'] = te(`name: ${cls}\nmain: ${main}\nversion: '${v.versionNumber}'\nauthor: ${authorOf(p)}\n`)
  if (l.has('velocity')) files['velocity-plugin.json'] = json({ id, name: p.title, version: v.versionNumber, main, authors: [authorOf(p)] })
  if (l.has('sponge')) {
    files['META-INF/sponge_plugins.json'] = json({
      loader: { name: 'java_plain', version: '1.0' },
      license: p.licenseId,
      plugins: [{ id, name: p.title, version: v.versionNumber, entrypoint: main, description: p.summary }],
    })
  }
  return zip(files)
}

const loaderDependencyKey: Record<string, [string, string]> = {
  fabric: ['fabric-loader', '0.16.9'],
  quilt: ['quilt-loader', '0.27.1'],
  forge: ['forge', '47.3.0'],
  neoforge: ['neoforge', '21.1.77'],
}

function mrpack(p: DemoProject, v: DemoVersion): Uint8Array {
  const [key, ver] = loaderDependencyKey[v.loaders[0] ?? 'fabric'] ?? ['fabric-loader', '0.16.9']
  return zip({
    'modrinth.index.json': json({
      formatVersion: 1,
      game: 'minecraft',
      versionId: v.versionNumber,
      name: p.title,
      summary: p.summary,
      files: [],
      dependencies: { minecraft: newestRelease(v), [key]: ver },
    }),
    'overrides/options.txt': te('renderDistance:10\nguiScale:3\nlang:en_us\n'),
    [`overrides/config/${modId(p.slug)}-pack.json`]: json({ pack: p.slug, version: v.versionNumber }),
  })
}

function resourcePack(p: DemoProject, v: DemoVersion): Uint8Array {
  return zip({
    'pack.mcmeta': packMcmeta(p, v, 'resource'),
    'pack.png': tile(p.color, 1),
    'assets/minecraft/textures/block/dirt.png': tile(p.color, 2),
    'assets/minecraft/texts/splashes.txt': te(`${p.title}!\nNow in ${v.versionNumber}!\n`),
    'LICENSE.txt': licenseText(p),
  })
}

function dataPack(p: DemoProject, v: DemoVersion): Uint8Array {
  const ns = modId(p.slug)
  const dir = relIndex(oldestRelease(v)) >= relIndex('1.21') ? 'function' : 'functions'
  return zip({
    'pack.mcmeta': packMcmeta(p, v, 'data'),
    'pack.png': tile(p.color, 1),
    [`data/${ns}/${dir}/load.mcfunction`]: te(`scoreboard objectives add ${ns.slice(0, 16)} dummy\ntellraw @a {"text":"${p.title} ${v.versionNumber} loaded","color":"green"}\n`),
    [`data/${ns}/${dir}/tick.mcfunction`]: te(`# runs every tick\nexecute as @a[scores={${ns.slice(0, 16)}=1..}] run scoreboard players reset @s ${ns.slice(0, 16)}\n`),
    [`data/minecraft/tags/${dir}/load.json`]: json({ values: [`${ns}:load`] }),
    [`data/minecraft/tags/${dir}/tick.json`]: json({ values: [`${ns}:tick`] }),
    'LICENSE.txt': licenseText(p),
  })
}

function shaderPack(p: DemoProject, v: DemoVersion): Uint8Array {
  const frag = `#version 150\n// ${p.title} ${v.versionNumber}\nuniform sampler2D colortex0;\nin vec2 texcoord;\nout vec4 fragColor;\nvoid main() {\n  vec3 c = texture(colortex0, texcoord).rgb;\n  fragColor = vec4(pow(c, vec3(0.95)), 1.0);\n}\n`
  const vert = '#version 150\nin vec3 vaPosition;\nin vec2 vaUV0;\nout vec2 texcoord;\nvoid main() {\n  texcoord = vaUV0;\n  gl_Position = vec4(vaPosition, 1.0);\n}\n'
  if (v.loaders.includes('iris') || v.loaders.includes('optifine')) {
    return zip({
      'shaders/shaders.properties': te('profile.LOW=shadowDistance=64\nprofile.MEDIUM=shadowDistance=96\nprofile.HIGH=shadowDistance=160\nsliders=shadowDistance\n'),
      'shaders/composite.fsh': te(frag),
      'shaders/composite.vsh': te(vert),
      'shaders/gbuffers_terrain.fsh': te(frag),
      'shaders/gbuffers_terrain.vsh': te(vert),
      'shaders/lang/en_US.lang': te(`profile.comment=${p.title} quality profile\n`),
      'LICENSE.txt': licenseText(p),
    })
  }
  // Canvas and vanilla "core shaders" ship as resource packs.
  return zip({
    'pack.mcmeta': packMcmeta(p, v, 'resource'),
    'assets/minecraft/shaders/core/rendertype_solid.fsh': te(frag),
    'assets/minecraft/shaders/core/rendertype_solid.vsh': te(vert),
    'LICENSE.txt': licenseText(p),
  })
}

function sourcesJar(p: DemoProject, v: DemoVersion): Uint8Array {
  const id = modId(p.slug)
  const cls = className(p.title)
  return zip({
    'META-INF/MANIFEST.MF': manifest(p, v),
    [`com/example/${id}/${cls}.java`]: te(`package com.example.${id};\n\n/** ${p.title}: ${p.summary} */\npublic class ${cls} {\n}\n`),
    LICENSE: licenseText(p),
  })
}

function javadocJar(p: DemoProject, v: DemoVersion): Uint8Array {
  return zip({
    'index.html': te(`<!doctype html><title>${p.title} ${v.versionNumber} API</title><h1>${p.title}</h1><p>${p.summary}</p>\n`),
    'META-INF/MANIFEST.MF': manifest(p, v),
  })
}

/** Build the bytes of one demo file. Same inputs, same bytes. */
export function buildDemoFile(project: DemoProject, version: DemoVersion, spec: DemoFileSpec): Uint8Array {
  switch (spec.fileType) {
    case 'sources-jar':
      return sourcesJar(project, version)
    case 'javadoc-jar':
      return javadocJar(project, version)
    case 'required-resource-pack':
    case 'optional-resource-pack':
      return resourcePack(project, version)
    case 'signature':
      return te(`-----BEGIN PGP SIGNATURE-----\n\n${btoaLike(`${project.slug}:${version.versionNumber}`)}\n-----END PGP SIGNATURE-----\n`)
    case 'unknown':
      return te(`${project.title} ${version.versionNumber}\n`)
    case 'dev-jar':
    case null:
      break
  }
  switch (project.projectType) {
    case 'mod':
      return version.loaders.includes('datapack') ? dataPack(project, version) : modJar(project, version)
    case 'plugin':
      return pluginJar(project, version)
    case 'modpack':
      return mrpack(project, version)
    case 'resourcepack':
      return resourcePack(project, version)
    case 'datapack':
      return dataPack(project, version)
    case 'shader':
      return shaderPack(project, version)
  }
}

function btoaLike(s: string): string {
  return Buffer.from(s.repeat(3)).toString('base64')
}
