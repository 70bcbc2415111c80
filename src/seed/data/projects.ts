/**
 * Deterministic demo projects and versions. `generateProjects(seed)` is pure: the same seed
 * always yields the same list. Titles, summaries and tags are hand-written; numbers, dates,
 * links and version histories come from the seeded PRNG.
 */
import { releaseVersions } from './gameVersions'
import { creatorIndices, demoOrganizations, demoUsers } from './people'
import { createRng, hashString, hslToInt, hueFromText, type Rng } from './random'
import { copyleftLicenses, donationPlatforms, type ProjectType, type SideType } from './tags'

export type ProjectStatus =
  | 'approved'
  | 'archived'
  | 'unlisted'
  | 'withheld'
  | 'private'
  | 'draft'
  | 'processing'
  | 'rejected'
  | 'scheduled'
export type VersionType = 'release' | 'beta' | 'alpha'
export type VersionStatus = 'listed' | 'archived' | 'unlisted' | 'draft'
export type DependencyType = 'required' | 'optional' | 'incompatible' | 'embedded'
export type FileType =
  | null
  | 'required-resource-pack'
  | 'optional-resource-pack'
  | 'sources-jar'
  | 'dev-jar'
  | 'javadoc-jar'
  | 'signature'
  | 'unknown'

export interface DemoFileSpec {
  filename: string
  primary: boolean
  fileType: FileType
}

export interface DemoDependency {
  projectSlug: string
  dependencyType: DependencyType
}

export interface DemoVersion {
  versionNumber: string
  name: string
  changelog: string
  versionType: VersionType
  gameVersions: string[]
  loaders: string[]
  featured: boolean
  status: VersionStatus
  daysAgo: number
  downloads: number
  dependencies: DemoDependency[]
  files: DemoFileSpec[]
}

export interface DemoProject {
  slug: string
  title: string
  summary: string
  body: string
  projectType: ProjectType
  categories: string[]
  additionalCategories: string[]
  loaders: string[]
  clientSide: SideType
  serverSide: SideType
  status: ProjectStatus
  requestedStatus: 'approved'
  licenseId: string
  /** Only set for LicenseRef-Custom (the checklist requires a URL for custom licenses). */
  licenseUrl: string | null
  issuesUrl: string | null
  sourceUrl: string | null
  wikiUrl: string | null
  discordUrl: string | null
  donationUrls: { platform: string; url: string }[]
  downloads: number
  followers: number
  color: number
  ownerIndex: number
  organizationIndex: number | null
  galleryCount: number
  publishedDaysAgo: number
  updatedDaysAgo: number
  moderatorMessage: string | null
  versions: DemoVersion[]
}

// ---------------------------------------------------------------------------
// Hand-written catalogue

type Env = 'client' | 'server' | 'both' | 'either' | 'serverOpt' | 'unknown'
type Split = 'suffix' | 'same'

interface Seed {
  title: string
  summary: string
  cats: string[]
  extra?: string[]
  env?: Env
  loaders?: string[]
  /** Fixed game versions (legacy loaders); otherwise a recent contiguous range is generated. */
  gv?: string[]
  deps?: [string, DependencyType][]
  split?: Split
  lib?: boolean
}

const s = (title: string, summary: string, cats: string[], opts: Omit<Seed, 'title' | 'summary' | 'cats'> = {}): Seed => ({
  title,
  summary,
  cats,
  ...opts,
})

const ALL_MOD = ['fabric', 'quilt', 'forge', 'neoforge']

/** The last three entries of each list are the ones that get non-approved statuses. */
const catalog: Record<ProjectType, Seed[]> = {
  mod: [
    s('Ember Lib', 'A lightweight shared library with config screens, networking helpers and registry utilities used by many mods.', ['library'], { loaders: ALL_MOD, lib: true }),
    s('Cobalt Config', 'Declare your options once and get a config file, an in-game settings screen and server sync for free.', ['library', 'utility'], { loaders: ['fabric', 'quilt', 'neoforge'], lib: true }),
    s('SwiftChunk', 'Rebuilds chunk meshes off the main thread and cuts stutter when flying over freshly generated terrain.', ['optimization'], { env: 'client', loaders: ['fabric', 'quilt'], deps: [['ember-lib', 'required']] }),
    s('Lightweave Renderer', 'A modern rendering engine replacement that greatly improves frame rates and fixes smooth lighting glitches.', ['optimization'], { env: 'client', loaders: ['fabric', 'neoforge'], split: 'same', lib: true }),
    s('Feather Entity Culling', 'Skips rendering entities and block entities hidden behind walls, using fast asynchronous ray tracing.', ['optimization'], { env: 'client', loaders: ['fabric', 'forge', 'neoforge'], deps: [['lightweave-renderer', 'optional']] }),
    s('Memory Miser', 'Reduces memory usage by deduplicating models, strings and unused data at load time, on clients and servers.', ['optimization', 'utility'], { env: 'either', loaders: ['fabric', 'quilt', 'forge'] }),
    s('Hearthstone Furniture', 'Over two hundred handcrafted chairs, tables, lamps and shelves that fit right into vanilla builds.', ['decoration'], { loaders: ['fabric', 'neoforge'], deps: [['ember-lib', 'required']] }),
    s('Clockwork Quarry', 'Steam-powered quarries, pipes and sorters for players who like their machines with visible moving parts.', ['technology', 'storage'], { loaders: ['forge', 'neoforge'], deps: [['ember-lib', 'required']] }),
    s('Conveyor Logistics', 'Belts, splitters and item elevators for moving items around your base in style, with no power needed.', ['technology', 'transportation'], { loaders: ['fabric', 'quilt'], deps: [['ember-lib', 'required'], ['stash-sorter', 'optional']] }),
    s('Voice of the Village', 'Villagers get names, moods and short conversations, and they remember who treated them well.', ['mobs', 'game-mechanics'], { loaders: ['fabric', 'forge'], extra: ['social'] }),
    s('Wayfarer Maps', 'A minimap and full-screen world map with waypoints, cave mode and death markers that sync in multiplayer.', ['utility', 'adventure'], { env: 'client', loaders: ALL_MOD, split: 'suffix' }),
    s('Abyssal Depths', 'Deeper caves, underground lakes and six new biomes below the deepslate layer, without touching surface terrain.', ['worldgen'], { env: 'serverOpt', loaders: ['fabric', 'neoforge'], extra: ['adventure'] }),
    s('Pantry Plus', 'Adds sixty new foods, crops and a cooking pot, all balanced around the vanilla hunger system.', ['food'], { loaders: ['fabric', 'quilt', 'forge'], deps: [['ember-lib', 'required']] }),
    s('Arcane Sigils', 'Inscribe sigils on tools and armour to weave spells out of experience points and lapis lazuli.', ['magic', 'equipment'], { loaders: ['neoforge'], deps: [['cobalt-config', 'required']] }),
    s('Stash Sorter', 'One-click inventory and chest sorting with configurable rules and key binds; works with modded containers.', ['storage', 'utility'], { env: 'either', loaders: ['fabric', 'quilt', 'neoforge'] }),
    s('Beta Inventory Tweaks', 'Backports shift-click stacking and middle-click sorting to Beta 1.7.3, for the nostalgic among us.', ['utility'], { env: 'client', loaders: ['babric', 'bta-babric'], gv: ['b1.7.3'] }),
    s('Legacy Zoom', 'A smooth zoom key for old game versions, with scroll-to-adjust and an optional cinematic camera.', ['utility'], { env: 'client', loaders: ['legacy-fabric', 'ornithe', 'liteloader'], gv: ['1.8.9', '1.12.2'] }),
    s('Rift Compat Core', 'A tiny compatibility layer that lets old 1.13 mods for Rift share registries without crashing.', ['library'], { loaders: ['rift'], gv: ['1.13', '1.13.1', '1.13.2'] }),
    s('Classic Crafting Additions', 'Extra crafting recipes, slabs and stairs for the oldest modding API still in use on 1.2.5.', ['decoration', 'game-mechanics'], { loaders: ['modloader'], gv: ['1.2.5'] }),
    s('Launch Profiler Agent', 'A Java agent that times the startup of every mod and prints a report of the slowest ones.', ['utility', 'management'], { env: 'client', loaders: ['java-agent', 'nilloader'], gv: ['1.20.1', '1.20.4', '1.21.1'] }),
    s('Minigame Arena', 'Build arenas in-game and run spleef, capture-the-wool and parkour races with your friends.', ['minigame'], { loaders: ['fabric'], deps: [['ember-lib', 'required']] }),
    s('Traders Almanac', 'Player shops and a coin economy that work the same way in singleplayer and on dedicated servers.', ['economy'], { loaders: ['fabric', 'forge'] }),
    s('Party Chat Tweaks', 'Chat channels, mentions, timestamps and emoji shortcodes for busy multiplayer servers.', ['social'], { env: 'either', loaders: ['fabric', 'quilt'] }),
    s('Cursed Physics', 'Every block falls like sand, ladders are slippery and chickens explode very gently. You were warned.', ['cursed', 'game-mechanics'], { loaders: ['fabric'], env: 'unknown' }),
  ],
  modpack: [
    s('Skyward Isles', 'A skyblock adventure across floating islands with four hundred quests, airships and handcrafted progression.', ['adventure', 'quests'], { loaders: ['fabric'] }),
    s('Deep Dark Depths', 'Survive underground: hardcore caves, scarce light and bosses that guard the long way back to the surface.', ['challenging', 'adventure'], { loaders: ['neoforge'] }),
    s('Copper Age', 'Early industry meets exploration: build copper machines, automate farms and fly your very first airship.', ['technology', 'quests'], { loaders: ['forge'] }),
    s('Featherweight', 'A vanilla-feeling pack tuned for low-end computers: performance mods, quality-of-life tweaks and nothing else.', ['lightweight', 'optimization'], { loaders: ['fabric'] }),
    s('Arcana Unbound', 'A magic-focused pack with rituals, familiars and spell crafting spread across one hundred and fifty mods.', ['magic', 'adventure'], { loaders: ['neoforge'] }),
    s('Everything Bagel', 'Three hundred mods in one instance. Tech, magic, exploration and far too many food items.', ['kitchen-sink'], { loaders: ['neoforge'] }),
    s('Friends and Farms', 'A relaxed co-op pack for small friend groups, focused on farming, cooking and decorating together.', ['multiplayer', 'lightweight'], { loaders: ['quilt'] }),
    s('Siegecraft', 'Team-based castle sieges with new weapons, siege engines and tougher mobs roaming between the walls.', ['combat', 'multiplayer'], { loaders: ['forge'] }),
    s('Tech Frontier', 'An automation-heavy pack that takes you from steam to fusion, with a questbook guiding every tier.', ['technology', 'quests'], { loaders: ['fabric'] }),
    s('Quilted Quest', 'A story-driven adventure pack with a custom questline, new dungeons and a dragon at the end.', ['adventure', 'quests', 'combat'], { loaders: ['quilt'] }),
  ],
  plugin: [
    s('Ledgerline Economy', 'A fast economy API with balance, pay and baltop commands, backed by SQLite or MySQL storage.', ['economy', 'library'], { loaders: ['bukkit', 'spigot', 'paper', 'purpur'], lib: true }),
    s('Waystone Warps', 'Set warps and homes, share them with friends and travel with a short cooldown and a teleport animation.', ['transportation', 'utility'], { loaders: ['spigot', 'paper', 'purpur'] }),
    s('Gatekeeper Protect', 'Claim land with a golden shovel, trust your friends and stop griefers without needing an admin.', ['management', 'utility'], { loaders: ['bukkit', 'spigot', 'paper', 'folia'] }),
    s('Chatterbox', 'Chat formatting, channels, private messages and a configurable profanity filter for Paper servers.', ['social'], { loaders: ['paper', 'purpur'] }),
    s('Proxy Bridge', 'Synchronise player data, chat and server lists across a proxy network of any size.', ['management', 'social'], { loaders: ['velocity', 'bungeecord', 'waterfall'] }),
    s('Auction House Plus', 'A chest-menu auction house with categories, search and expiring listings, powered by Ledgerline.', ['economy'], { loaders: ['spigot', 'paper'], deps: [['ledgerline-economy', 'required']] }),
    s('Folia Region Tools', "Region-aware admin utilities built for Folia's multithreaded scheduler: teleport, inspect and rollback.", ['management', 'utility'], { loaders: ['folia', 'paper'] }),
    s('Sponge Permissions Lite', 'A minimal permission system for Sponge servers with groups, inheritance and promotion tracks.', ['management'], { loaders: ['sponge'] }),
    s('Lag Lens', 'Finds the chunks, entities and plugins that slow your server down and builds a shareable web report.', ['optimization', 'utility'], { loaders: ['paper', 'purpur', 'spigot'] }),
    s('Mob Arena Classic', 'A wave-based arena minigame with classes, rewards and per-arena leaderboards.', ['minigame', 'mobs'], { loaders: ['spigot', 'paper'], deps: [['ledgerline-economy', 'optional']] }),
  ],
  datapack: [
    s('Datapack Utility Core', 'Shared functions for other data packs: raycasts, timers, math helpers and per-player storage.', ['library'], { lib: true }),
    s('Graves and Ghosts', 'When you die your items go into a grave only you can open, and a friendly ghost guides you back.', ['game-mechanics', 'adventure'], { deps: [['datapack-utility-core', 'required']] }),
    s('More Mob Heads', 'Every mob has a small chance to drop its head, including variants such as cats, frogs and villagers.', ['mobs', 'decoration'] ),
    s('Vein Breaker', 'Mine a whole ore vein or fell a tree at once while sneaking; works on vanilla multiplayer servers.', ['utility', 'game-mechanics'], { deps: [['datapack-utility-core', 'required']] }),
    s('Armor Statues', 'Pose armor stands with a book of clickable controls instead of long commands.', ['utility', 'decoration']),
    s('Wandering Trades Plus', 'The wandering trader sells mini blocks, rare saplings and useful items that are hard to find.', ['economy']),
    s('Structure Scatter', 'Adds thirty small ruins, camps and towers to the overworld using vanilla structure features.', ['worldgen', 'adventure']),
    s('Hardcore Hunger', 'Food spoils, saturation matters and campfires cook slowly. Survival finally feels like survival.', ['game-mechanics', 'food'], { deps: [['datapack-utility-core', 'required']] }),
    s('AFK Display', 'Marks players as away in the tab list after five minutes and leaves them out of sleep voting.', ['social', 'utility']),
    s('Uncraftables Recipes', 'Adds recipes for saddles, name tags and bells, plus stairs-to-blocks recipes for every wood type.', ['game-mechanics']),
  ],
  resourcepack: [
    s('Soft Focus 16x', 'A gentle, low-contrast take on the default textures that keeps every block instantly recognisable.', ['vanilla-like', 'simplistic'], { extra: ['16x', 'blocks', 'items'] }),
    s('Woodland Palette', 'Warmer woods, mossy stones and autumn leaves made for cottage and forest builds.', ['decoration', 'themed'], { extra: ['32x', 'blocks'] }),
    s('Crisp Interface', 'A clean dark interface for inventories, menus and the creative tab that works with most modded screens.', ['utility', 'tweaks'], { extra: ['16x', 'gui'] }),
    s('Realm of Realism', 'Photo-realistic 256x textures with normal and specular maps, made to be used with shaders.', ['realistic'], { extra: ['256x', 'blocks', 'environment'] }),
    s('Tiny Tweaks', 'Shorter fire, a lower shield, clearer ores and twenty other small tweaks you can mix and match.', ['tweaks', 'utility'], { extra: ['16x', 'items'] }),
    s('Battle Sharp', 'PvP textures with shorter swords, smaller fire and clearer hit effects for competitive play.', ['combat'], { extra: ['16x', 'equipment'] }),
    s('Modded Harmony', 'Retextures popular tech and magic mods so that their blocks match the default style.', ['modded', 'vanilla-like'], { extra: ['16x', 'models'], deps: [['clockwork-quarry', 'optional']] }),
    s('Pixel Fonts', 'A hand-drawn pixel font family with accented letters for forty languages.', ['themed', 'utility'], { extra: ['8x-', 'fonts', 'locale'] }),
    s('Ambient Soundscape', 'Replaces cave ambience, rain and music discs with calmer, longer field recordings.', ['tweaks'], { extra: ['16x', 'audio'] }),
    s('Cursed Textures', 'Every texture is upside down and the sheep are now wool-coloured bricks. Enjoy responsibly.', ['cursed'], { extra: ['8x-', 'entities'] }),
  ],
  shader: [
    s('Meadow Glow Shaders', 'Soft light, gentle fog and waving grass that keep the default look but make everything glow.', ['vanilla-like', 'semi-realistic'], { loaders: ['iris', 'optifine'], extra: ['foliage', 'shadows', 'low'] }),
    s('Aurora Veil Shaders', 'Dreamy skies with auroras, volumetric clouds and coloured light from torches and lava.', ['fantasy'], { loaders: ['iris', 'optifine'], extra: ['atmosphere', 'colored-lighting', 'medium'] }),
    s('Pinewood Shaders', 'Realistic lighting with soft shadows, water reflections and PBR support for high resolution packs.', ['realistic'], { loaders: ['iris'], extra: ['pbr', 'reflections', 'high'], deps: [['lightweave-renderer', 'optional']] }),
    s('Toon Outline', 'Cel shading with ink outlines and flat colours that make the world look like a comic book.', ['cartoon'], { loaders: ['iris', 'optifine'], extra: ['low'] }),
    s('Potato Light', 'Adds basic shadows and fog at almost no cost, so it runs even on integrated graphics.', ['vanilla-like'], { loaders: ['iris', 'optifine'], extra: ['shadows', 'potato'] }),
    s('Photon Tracer', 'Experimental path traced lighting meant for screenshots and cinematic recordings.', ['realistic'], { loaders: ['iris'], extra: ['path-tracing', 'screenshot'] }),
    s('Canvas Glow', 'Bloom and emissive ores for the Canvas renderer, tuned to stay smooth on older graphics cards.', ['vanilla-like'], { loaders: ['canvas'], extra: ['bloom', 'low'] }),
    s('Vanilla Plus Core', 'Core shader tweaks that work without any mod: smoother fog, a brighter sky and softer shadows.', ['vanilla-like'], { loaders: ['vanilla'], extra: ['atmosphere', 'potato'] }),
    s('Nether Haze', 'Thick nether fog, heat shimmer over lava and softly glowing crimson forests.', ['fantasy', 'semi-realistic'], { loaders: ['iris', 'optifine'], extra: ['atmosphere', 'medium'] }),
    s('Glitch Vision', 'Chromatic aberration, tape noise and random screen tears. Not for the faint of heart.', ['cursed'], { loaders: ['iris', 'vanilla'] }),
  ],
}

// ---------------------------------------------------------------------------
// Helpers

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
}

const loaderLabel: Record<string, string> = {
  fabric: 'Fabric',
  forge: 'Forge',
  neoforge: 'NeoForge',
  quilt: 'Quilt',
}

const displayLoader = (l: string): string =>
  loaderLabel[l] ?? (l === 'minecraft' ? 'Minecraft' : l.charAt(0).toUpperCase() + l.slice(1))

/** Oldest release each loader works on (for realistic version ranges). */
const loaderMinRelease: Record<string, string> = {
  fabric: '1.14',
  quilt: '1.18.2',
  neoforge: '1.20.1',
  forge: '1.12.2',
  datapack: '1.13',
  minecraft: '1.8.9',
  iris: '1.16.5',
  optifine: '1.12.2',
  canvas: '1.16.5',
  vanilla: '1.17',
  folia: '1.19.4',
  purpur: '1.14.4',
  paper: '1.8.8',
  spigot: '1.8.8',
  bukkit: '1.8.8',
  sponge: '1.12.2',
}

const relIdx = (v: string): number => releaseVersions.indexOf(v)
const recentEnds = ['1.21.10', '1.21.8', '1.21.5', '1.21.4', '1.21.1', '1.20.6', '1.20.4', '1.20.1']

const defaultEnv: Record<ProjectType, Env> = {
  mod: 'both',
  modpack: 'serverOpt',
  plugin: 'server',
  datapack: 'serverOpt',
  resourcepack: 'client',
  shader: 'client',
}

const envSides: Record<Env, [SideType, SideType]> = {
  client: ['required', 'unsupported'],
  server: ['unsupported', 'required'],
  both: ['required', 'required'],
  either: ['optional', 'optional'],
  serverOpt: ['optional', 'required'],
  unknown: ['unknown', 'unknown'],
}

const defaultLoaders: Record<ProjectType, string[]> = {
  mod: ['fabric'],
  modpack: ['fabric'],
  plugin: ['paper'],
  datapack: ['datapack'],
  resourcepack: ['minecraft'],
  shader: ['iris'],
}

const licenseWeights: Record<ProjectType, [string, number][]> = {
  mod: [['MIT', 5], ['LGPL-3.0-only', 3], ['GPL-3.0-only', 2], ['Apache-2.0', 2], ['MPL-2.0', 1], ['LicenseRef-All-Rights-Reserved', 2], ['BSD-3-Clause', 1], ['Zlib', 1]],
  modpack: [['MIT', 2], ['LicenseRef-All-Rights-Reserved', 3], ['CC-BY-NC-4.0', 2], ['LicenseRef-Custom', 1]],
  plugin: [['GPL-3.0-or-later', 3], ['MIT', 3], ['AGPL-3.0-only', 1], ['Apache-2.0', 1], ['Unlicense', 1]],
  datapack: [['MIT', 3], ['CC0-1.0', 2], ['ISC', 1], ['BSD-2-Clause', 1], ['CC-BY-4.0', 1]],
  resourcepack: [['CC-BY-NC-SA-4.0', 2], ['LicenseRef-All-Rights-Reserved', 3], ['CC-BY-SA-4.0', 1], ['LicenseRef-Custom', 1], ['CC-BY-4.0', 1]],
  shader: [['LicenseRef-Custom', 2], ['LicenseRef-All-Rights-Reserved', 2], ['CC-BY-NC-4.0', 1], ['MIT', 1], ['GPL-3.0-or-later', 1]],
}

/** Preferred owners per project type (usernames); anybody else is possible too. */
const preferredOwners: Record<ProjectType, string[]> = {
  mod: ['tinkerfox', 'redstone_rook'],
  modpack: ['kestrel'],
  plugin: ['mossbyte'],
  datapack: ['copperkettle'],
  resourcepack: ['pixelmoth'],
  shader: ['lumenwright'],
}

const nonApprovedCycle: ProjectStatus[] = [
  'archived',
  'unlisted',
  'withheld',
  'private',
  'draft',
  'processing',
  'rejected',
  'scheduled',
]

const rejectionReasons = [
  'The summary only repeats the title. Please describe what the project does in one plain sentence.',
  'The selected license requires a link to the source code. Please add a source URL and resubmit.',
  'Please add at least one gallery image showing the project in game.',
]
const withholdReasons = [
  'This project appears to include assets from another creator without permission. Please provide proof of permission.',
  'The description is mostly images. Please describe the features in text so that players can search for them.',
]

const typeIntro: Record<ProjectType, string> = {
  mod: 'It is a mod, so drop the jar into your `mods` folder and start the game with a supported loader.',
  modpack: 'It is a modpack: import the `.mrpack` file into any compatible launcher and everything is set up for you.',
  plugin: 'It is a server plugin: put the jar into the `plugins` folder of your server and restart it.',
  datapack: 'It is a data pack: copy the zip into the `datapacks` folder of your world and run `/reload`.',
  resourcepack: 'It is a resource pack: put the zip into your `resourcepacks` folder and enable it in the options menu.',
  shader: 'It is a shader pack: put the zip into your `shaderpacks` folder and select it in the video settings.',
}

const typeFeatures: Record<ProjectType, string[]> = {
  mod: ['Works in singleplayer and on dedicated servers', 'Fully configurable through an in-game settings screen', 'Compatible with most popular mods', 'Lightweight: no noticeable impact on load times', 'Translations for more than ten languages'],
  modpack: ['Curated and tested mod list with sensible defaults', 'Custom quests and a guided early game', 'Server files available for every release', 'Pre-configured performance mods', 'Frequent updates with migration notes'],
  plugin: ['Simple YAML configuration with comments', 'Permissions for every command', 'Supports SQLite and MySQL storage', 'Fully async database access', 'PlaceholderAPI placeholders'],
  datapack: ['No mods required, works on vanilla servers', 'Toggle features with a clickable settings book', 'Uninstall function that cleans up scoreboards', 'Fully translatable text components', 'Compatible with other popular data packs'],
  resourcepack: ['Covers every block and item in the current release', 'Consistent palette and shading', 'Optional add-ons for connected textures', 'Custom GUI and font tweaks', 'Regular updates for new game versions'],
  shader: ['Adjustable profiles from low to ultra', 'Dynamic shadows and volumetric fog', 'Waving plants and water', 'Support for PBR resource packs', 'Sensible defaults for laptops'],
}

function codeSample(p: { projectType: ProjectType; slug: string; title: string }): [string, string] {
  switch (p.projectType) {
    case 'mod':
      return ['json', `{\n  "enabled": true,\n  "logLevel": "info",\n  "maxThreads": 4\n}`]
    case 'modpack':
      return ['properties', 'max-players=8\nview-distance=10\nallow-flight=true']
    case 'plugin':
      return ['yaml', `${p.slug}:\n  storage: sqlite\n  cooldown-seconds: 5\n  messages:\n    prefix: "&8[&b${p.title}&8]"`]
    case 'datapack':
      return ['mcfunction', `function ${p.slug.replace(/-/g, '_')}:config\nscoreboard players set #enabled ${p.slug.slice(0, 8)} 1`]
    case 'resourcepack':
      return ['properties', `resourcePacks=["vanilla","file/${p.title}.zip"]`]
    case 'shader':
      return ['ini', `shaderPack=${p.title}.zip\nprofile=MEDIUM\nshadowDistance=96`]
  }
}

/** Where the seed puts the project's first gallery picture in a description (run.ts fills it in). */
export const GALLERY_PLACEHOLDER = '{{gallery:1}}'

type BodyInput = { projectType: ProjectType; slug: string; title: string; summary: string; link: string; loaders: string[]; hasGallery: boolean }

/**
 * A project description. Real catalogues are not one template: the layout (a full README, a short
 * pitch with a picture, a FAQ, a compatibility table) is picked per project from its slug, so the
 * main random sequence, and with it the rest of the demo data, stays as it was.
 */
function buildBody(p: BodyInput, rng: Rng): string {
  const [lang, code] = codeSample(p)
  const features = rng.sample(typeFeatures[p.projectType], 3)
  const own = createRng(hashString(`body:${p.slug}`))
  const picture = p.hasGallery ? ['', GALLERY_PLACEHOLDER, ''] : ['']
  const platforms = p.loaders.map(displayLoader).join(', ')
  const docs = `[documentation](${p.link})`
  const layouts: (() => string[])[] = [
    () => [
      `# ${p.title}`, '', `${p.summary} ${typeIntro[p.projectType]}`, ...picture,
      '## Features', '', ...features.map((f) => `- ${f}`), '',
      '## Installation', '',
      '1. Download the latest version from the **Versions** tab.',
      `2. Make sure you use one of the supported platforms: ${platforms}.`,
      '3. Adjust the settings if you like. The defaults look like this:', '',
      '```' + lang, code, '```', '',
      '## Support', '',
      `Found a bug or have an idea? Read the ${docs} first, then open an issue. ` +
        'Please include your game version, loader and a log file so we can reproduce the problem.',
    ],
    () => [
      `**${p.summary}**`, ...picture,
      `${typeIntro[p.projectType]} That is all there is to it: no configuration needed, but the ${docs} lists every option.`, '',
      `> ${own.pick(['Made because I wanted it for my own world.', 'Started as a weekend project, kept growing.', 'Thanks to everyone who sent ideas and bug reports!'])}`,
    ],
    () => [
      `## What is ${p.title}?`, '', p.summary, ...picture,
      '## FAQ', '',
      '**Does it work on servers?**  ', own.pick(['Yes, install it on both sides.', 'Yes, it only needs to be on the server.', 'It is client-side only; servers do not need it.']), '',
      '**Can I use it in my modpack?**  ', 'Yes. A link back to this page is appreciated.', '',
      `**Where do I report bugs?**  `, `See the ${docs}; it links the issue tracker.`,
    ],
    () => [
      `# ${p.title}`, '', p.summary, ...picture,
      '## Compatibility', '',
      '| Platform | Status |', '| --- | --- |',
      ...p.loaders.map((l) => `| ${displayLoader(l)} | ${own.pick(['Supported', 'Supported', 'Tested'])} |`), '',
      ...features.slice(0, 2).map((f) => `- ${f}`), '',
      `More in the ${docs}.`,
    ],
  ]
  return [...own.pick(layouts)(), ''].join('\n')
}

const changeLines = {
  added: ['Added a config option to disable the feature per dimension', 'Added Japanese and Brazilian Portuguese translations', 'Added support for the new copper blocks', 'Added a keybind to toggle the overlay', 'Added compatibility with popular storage mods'],
  fixed: ['Fixed a crash when joining a server with a different config', 'Fixed a memory leak when switching worlds', 'Fixed items duplicating when the inventory was full', 'Fixed textures flickering at long distances', 'Fixed a rare desync with other players'],
  changed: ['Improved performance when many chunks load at once', 'Reduced log spam on startup', 'Rewrote the settings screen', 'Updated dependencies'],
}

function buildChangelog(rng: Rng, gv: string[], first: boolean): string {
  if (first) return `Initial release for ${gv[gv.length - 1] ?? 'the game'}.\n\n- First public version. Feedback welcome!`
  const lines: string[] = [`## What's new`, '']
  lines.push('### Added', ...rng.sample(changeLines.added, rng.int(1, 2)).map((l) => `- ${l}`), '')
  lines.push('### Fixed', ...rng.sample(changeLines.fixed, rng.int(1, 3)).map((l) => `- ${l}`), '')
  if (rng.chance(0.5)) lines.push('### Changed', `- ${rng.pick(changeLines.changed)}`, `- Now supports ${gv.join(', ')}`, '')
  return lines.join('\n').trimEnd()
}

const alnum = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const randomCode = (rng: Rng, n: number): string => Array.from({ length: n }, () => rng.pick(alnum.split(''))).join('')

function donationUrl(platform: string, handle: string): string {
  switch (platform) {
    case 'patreon':
      return `https://www.patreon.com/${handle}`
    case 'bmac':
      return `https://www.buymeacoffee.com/${handle}`
    case 'paypal':
      return `https://www.paypal.me/${handle}`
    case 'github':
      return `https://github.com/sponsors/${handle}`
    case 'ko-fi':
      return `https://ko-fi.com/${handle}`
    default:
      return `https://${handle}.example.org/donate`
  }
}

const fileExt: Record<ProjectType, string> = {
  mod: 'jar',
  plugin: 'jar',
  modpack: 'mrpack',
  datapack: 'zip',
  resourcepack: 'zip',
  shader: 'zip',
}

const safeName = (s: string): string => s.replace(/[^A-Za-z0-9._+-]+/g, '-')

// ---------------------------------------------------------------------------
// Generation

interface Draft {
  seed: Seed
  projectType: ProjectType
  status: ProjectStatus
}

/** Which catalogue entries get which status: the tail of each type, round-robin across types. */
function assignStatuses(): Draft[] {
  const drafts: Draft[] = []
  const tails: Draft[][] = []
  for (const projectType of Object.keys(catalog) as ProjectType[]) {
    const list = catalog[projectType]
    const tail: Draft[] = []
    list.forEach((seed, i) => {
      const d: Draft = { seed, projectType, status: 'approved' }
      drafts.push(d)
      if (i >= list.length - 3) tail.push(d)
    })
    tails.push(tail)
  }
  let k = 0
  for (let round = 0; round < 3; round++) {
    for (const tail of tails) {
      const d = tail[round]
      if (d) d.status = nonApprovedCycle[k++ % nonApprovedCycle.length] as ProjectStatus
    }
  }
  return drafts
}

function daysFor(status: ProjectStatus, rng: Rng): [published: number, updated: number] {
  switch (status) {
    case 'draft':
      return [rng.int(1, 30), 0]
    case 'processing':
    case 'scheduled':
      return [rng.int(2, 12), 0]
    case 'rejected':
    case 'withheld':
      return [rng.int(10, 80), 0]
    case 'archived':
      return [rng.int(900, 2000), rng.int(400, 850)]
    default:
      return [rng.int(40, 1400), 0]
  }
}

function splitDownloads(total: number, n: number, rng: Rng): number[] {
  if (n === 0) return []
  const weights = Array.from({ length: n }, (_, i) => (i + 1) * (0.5 + rng.next()))
  const sum = weights.reduce((a, b) => a + b, 0)
  const out = weights.map((w) => Math.floor((total * w) / sum))
  out[n - 1] = (out[n - 1] ?? 0) + total - out.reduce((a, b) => a + b, 0)
  return out
}

interface Release {
  number: string
  loaders: string[]
}

function versionNumbers(seed: Seed, projectType: ProjectType, loaders: string[], count: number, rng: Rng): Release[] {
  let major = projectType === 'modpack' || projectType === 'resourcepack' ? rng.int(1, 3) : rng.int(0, 2)
  let minor = rng.int(0, 5)
  let patch = rng.int(0, 3)
  if (major === 0 && minor === 0) minor = 1
  const style = rng.int(0, 3)
  const firstR = rng.int(2, 30)
  const out: Release[] = []
  for (let i = 0; i < count; i++) {
    if (i > 0) {
      if (rng.chance(0.2)) {
        major++
        minor = 0
        patch = 0
      } else if (rng.chance(0.4)) {
        minor++
        patch = 0
      } else patch++
    }
    const base = `${major}.${minor}.${patch}`
    if (seed.split) {
      for (const l of loaders) out.push({ number: seed.split === 'suffix' ? `${base}+${l}` : base, loaders: [l] })
    } else if (projectType === 'shader' && style === 0) out.push({ number: `v${base}`, loaders })
    else if (projectType === 'resourcepack' && style === 1) out.push({ number: `r${firstR + i}`, loaders })
    else out.push({ number: base, loaders })
  }
  return out
}

function gameVersionWindows(seed: Seed, projectType: ProjectType, loaders: string[], status: ProjectStatus, n: number, rng: Rng): string[][] {
  if (seed.gv) {
    const pool = seed.gv
    return Array.from({ length: n }, (_, i) => (pool.length === 1 ? pool : pool.slice(Math.min(i, pool.length - 1), Math.min(i, pool.length - 1) + 1)))
  }
  const minIdx = Math.max(0, ...loaders.map((l) => (loaderMinRelease[l] ? relIdx(loaderMinRelease[l] as string) : 0)))
  if (projectType === 'modpack') {
    const candidates = ['1.21.1', '1.20.1', '1.21.4', '1.19.2', '1.18.2'].filter((v) => relIdx(v) >= minIdx)
    const mc = rng.pick(candidates)
    return Array.from({ length: n }, (_, i) => [i === n - 1 && n > 2 && rng.chance(0.3) ? (releaseVersions[Math.min(relIdx(mc) + 1, releaseVersions.length - 1)] as string) : mc])
  }
  let end = status === 'archived' ? relIdx(rng.pick(['1.16.5', '1.18.2', '1.19.2'])) : relIdx(rng.pick(recentEnds))
  const lenRange: Record<ProjectType, [number, number]> = {
    mod: [1, 3],
    modpack: [1, 1],
    plugin: [4, 14],
    datapack: [1, 4],
    resourcepack: [3, 12],
    shader: [5, 18],
  }
  const [lo, hi] = lenRange[projectType]
  const len = rng.int(lo, hi)
  const windows: string[][] = []
  for (let i = 0; i < n; i++) {
    end = Math.max(end, minIdx)
    const start = Math.max(minIdx, end - len - rng.int(0, 1) + 1)
    windows.unshift(releaseVersions.slice(start, end + 1))
    end -= rng.int(0, 2)
  }
  return windows
}

export function generateProjects(seed = 42): DemoProject[] {
  const rng = createRng(seed)
  const drafts = assignStatuses()

  // Popularity ranking for visible projects: a Zipf-like download curve.
  const visible = drafts.filter((d) => ['approved', 'archived', 'unlisted'].includes(d.status))
  const score = new Map<Draft, number>(visible.map((d) => [d, rng.next() + (d.seed.lib ? 0.6 : 0)]))
  const ranked = [...visible].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0))
  const rankOf = new Map<Draft, number>(ranked.map((d, i) => [d, i]))

  const slugs = new Map<Draft, string>(drafts.map((d) => [d, slugify(d.seed.title)]))
  const visibleSlugs = new Set(visible.map((d) => slugs.get(d)))
  const modsByLoader = (loader: string): string[] =>
    visible
      .filter((d) => d.projectType === 'mod' && (d.seed.loaders ?? ['fabric']).includes(loader) && !d.seed.gv)
      .map((d) => slugs.get(d) as string)

  let rejectedCount = 0
  let withheldCount = 0
  let draftCount = 0
  const projects: DemoProject[] = drafts.map((d) => {
    const { seed: sd, projectType, status } = d
    const slug = slugs.get(d) as string
    const loaders = sd.loaders ?? defaultLoaders[projectType]
    const [clientSide, serverSide] = envSides[sd.env ?? defaultEnv[projectType]]

    const preferred = preferredOwners[projectType].map((u) => demoUsers.findIndex((x) => x.username === u))
    const ownerIndex = rng.chance(0.75) ? rng.pick(preferred) : rng.pick(creatorIndices)
    const owner = demoUsers[ownerIndex]?.username ?? 'admin'
    const orgIdx = demoOrganizations.findIndex((o) => o.memberUsernames.includes(owner))
    const organizationIndex = orgIdx >= 0 && rng.chance(0.3) ? orgIdx : null
    const handle = organizationIndex === null ? owner : (demoOrganizations[organizationIndex]?.slug ?? owner)

    const licenseId = rng.weighted(licenseWeights[projectType])
    const repo = `https://github.com/${handle}/${slug}`
    const sourceUrl = copyleftLicenses.has(licenseId) || rng.chance(0.6) ? repo : null
    const issuesUrl = sourceUrl && rng.chance(0.85) ? `${repo}/issues` : null
    const wikiUrl = rng.chance(0.3) ? (sourceUrl ? `${repo}/wiki` : `https://docs.${handle.replace(/_/g, '-')}.example.org/${slug}`) : null
    const discordUrl = rng.chance(0.5) ? `https://discord.gg/${randomCode(rng, rng.int(6, 10))}` : null
    const donationUrls = rng
      .sample(donationPlatforms, rng.weighted([[0, 5], [1, 4], [2, 1]] as const))
      .map((p) => ({ platform: p.short, url: donationUrl(p.short, handle) }))

    const rank = rankOf.get(d)
    const downloads =
      rank === undefined
        ? status === 'private' || status === 'rejected' || status === 'withheld'
          ? rng.int(0, 40)
          : 0
        : Math.round((4_200_000 / Math.pow(rank + 1, 1.7)) * (0.75 + rng.next() * 0.5)) + rng.int(50, 900)
    const followers = Math.round(downloads * (0.004 + rng.next() * 0.02)) + rng.int(0, 12)

    const [publishedDaysAgo, updatedMin] = daysFor(status, rng)

    // Versions
    const releaseCount =
      status === 'draft' ? draftCount++ % 2 : sd.split ? rng.int(2, 3) : projectType === 'mod' ? rng.int(3, 6) : rng.int(2, 5)
    const releases = versionNumbers(sd, projectType, loaders, releaseCount, rng)
    const windows = gameVersionWindows(sd, projectType, loaders, status, releaseCount, rng)
    const n = releases.length
    const latestDays = Math.max(updatedMin, status === 'draft' ? 0 : rng.int(1, Math.max(2, Math.floor(publishedDaysAgo / 3))))
    const dayList = Array.from({ length: n }, (_, i) =>
      n === 1 ? publishedDaysAgo : Math.round(publishedDaysAgo - ((publishedDaysAgo - latestDays) * i) / (n - 1)),
    )
    const versionDownloads = splitDownloads(downloads, n, rng)
    const perRelease = sd.split ? loaders.length : 1

    const versions: DemoVersion[] = releases.map((rel, i) => {
      const releaseIndex = Math.floor(i / perRelease)
      const gv = windows[releaseIndex] ?? windows[windows.length - 1] ?? ['1.21.1']
      const latest = releaseIndex === releaseCount - 1
      const versionType: VersionType =
        releaseIndex === 0 && releaseCount > 2 && rng.chance(0.5) ? 'alpha' : rng.chance(latest ? 0.1 : 0.15) ? 'beta' : 'release'
      const vStatus: VersionStatus =
        status === 'draft' ? 'draft' : !latest && rng.chance(0.08) ? 'archived' : !latest && rng.chance(0.05) ? 'unlisted' : 'listed'
      const dependencies: DemoDependency[] = (sd.deps ?? [])
        .filter(([dep, type]) => visibleSlugs.has(dep) && (type !== 'optional' || rng.chance(0.8)))
        .map(([projectSlug, dependencyType]) => ({ projectSlug, dependencyType }))
      if (projectType === 'modpack') {
        const pool = modsByLoader(rel.loaders[0] ?? 'fabric')
        for (const dep of rng.sample(pool, rng.int(3, 7))) dependencies.push({ projectSlug: dep, dependencyType: 'embedded' })
      }
      if (slug === 'swiftchunk' && latest) dependencies.push({ projectSlug: 'lightweave-renderer', dependencyType: 'incompatible' })
      const loaderSuffix = sd.split === 'same' ? `-${rel.loaders[0]}` : ''
      const base = safeName(`${slug}${loaderSuffix}-${rel.number}`)
      const files: DemoFileSpec[] = [{ filename: `${base}.${fileExt[projectType]}`, primary: true, fileType: null }]
      if (projectType === 'mod' && rng.chance(0.25)) {
        files.push({ filename: `${base}-sources.jar`, primary: false, fileType: rng.pick(['sources-jar', 'sources-jar', 'dev-jar', 'javadoc-jar'] as const) })
      } else if (projectType === 'datapack' && rng.chance(0.3)) {
        files.push({ filename: `${base}-resources.zip`, primary: false, fileType: rng.chance(0.5) ? 'required-resource-pack' : 'optional-resource-pack' })
      }
      const label = rel.loaders.length === 1 && sd.split ? ` for ${displayLoader(rel.loaders[0] ?? '')}` : ''
      return {
        versionNumber: rel.number,
        name: rng.chance(0.5) ? `${sd.title} ${rel.number}${label}` : `${rel.number.startsWith('v') ? '' : 'v'}${rel.number}${label}`,
        changelog: buildChangelog(rng, gv, i < perRelease),
        versionType,
        gameVersions: gv,
        loaders: rel.loaders,
        featured: latest ? versionType === 'release' : rng.chance(0.08),
        status: vStatus,
        daysAgo: dayList[i] ?? 0,
        downloads: versionDownloads[i] ?? 0,
        dependencies,
        files: vStatus === 'draft' && rng.chance(0.5) ? [] : files,
      }
    })

    let moderatorMessage: string | null = null
    if (status === 'rejected') moderatorMessage = rejectionReasons[rejectedCount++ % rejectionReasons.length] as string
    if (status === 'withheld') moderatorMessage = withholdReasons[withheldCount++ % withholdReasons.length] as string

    const galleryCount = projectType === 'shader' ? rng.int(3, 4) : projectType === 'resourcepack' ? rng.int(1, 4) : status === 'draft' ? 0 : rng.int(0, 4)

    return {
      slug,
      title: sd.title,
      summary: sd.summary,
      body: buildBody({ projectType, slug, title: sd.title, summary: sd.summary, loaders, link: wikiUrl ?? sourceUrl ?? `https://docs.example.org/${slug}`, hasGallery: galleryCount > 0 }, rng),
      projectType,
      categories: sd.cats.slice(0, 3),
      additionalCategories: (sd.extra ?? []).slice(0, 3),
      loaders,
      clientSide,
      serverSide,
      status,
      requestedStatus: 'approved',
      licenseId,
      licenseUrl: licenseId === 'LicenseRef-Custom' ? `https://${handle.replace(/_/g, '-')}.example.org/licenses/${slug}` : null,
      issuesUrl,
      sourceUrl,
      wikiUrl,
      discordUrl,
      donationUrls,
      downloads,
      followers,
      color: hslToInt(hueFromText(slug), 0.55, 0.5),
      ownerIndex,
      organizationIndex,
      galleryCount,
      publishedDaysAgo,
      updatedDaysAgo: versions.length ? Math.min(...versions.map((v) => v.daysAgo)) : publishedDaysAgo,
      moderatorMessage,
      versions,
    }
  })

  ensureCoverage(projects)
  return projects
}

/** Make sure the rarer version states exist at least once whatever the seed. */
function ensureCoverage(projects: DemoProject[]): void {
  const all = projects.flatMap((p) => p.versions)
  const approvedWithHistory = projects.filter((p) => p.status === 'approved' && p.versions.length >= 3)
  const setOldest = (k: number, patch: (v: DemoVersion) => void): void => {
    const p = approvedWithHistory[k % Math.max(1, approvedWithHistory.length)]
    const v = p?.versions[0]
    if (v) patch(v)
  }
  if (!all.some((v) => v.status === 'archived')) setOldest(0, (v) => (v.status = 'archived'))
  if (!all.some((v) => v.status === 'unlisted')) setOldest(1, (v) => (v.status = 'unlisted'))
  if (!all.some((v) => v.status === 'listed' && v.files.length === 0)) setOldest(2, (v) => {
    v.status = 'listed'
    v.files = []
  })
  if (!all.some((v) => v.status === 'draft')) {
    const d = projects.find((p) => p.status === 'draft' && p.versions.length > 0) ?? projects.find((p) => p.status === 'processing')
    const v = d?.versions[d.versions.length - 1]
    if (v) v.status = 'draft'
  }
}
