/**
 * Tag vocabularies (categories, loaders, licenses, donation platforms, report types).
 * Mirrors Modrinth's `/v2/tag/*` endpoints and product spec §3. Pure data, no I/O.
 */

import type { ProjectType } from '../../lib/projectTypes'

export type { ProjectType }
export type CategoryHeader = 'categories' | 'features' | 'resolutions' | 'performance impact'

export interface CategoryTag {
  name: string
  projectType: ProjectType
  header: CategoryHeader
  /** Inline SVG markup, 24x24 viewBox, stroked with currentColor. */
  icon: string
}

export interface LoaderTag {
  name: string
  icon: string
  supportedProjectTypes: string[]
}

export interface ShortName {
  short: string
  name: string
}

/** Wrap SVG path data into a 24x24 stroked icon. */
export function svgIcon(inner: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
    inner +
    '</svg>'
  )
}

/** A small library of glyphs; every tag maps to one of these. */
const glyph = {
  compass: '<circle cx="12" cy="12" r="10"/><path d="m16 8-2 6-6 2 2-6z"/>',
  skull: '<circle cx="12" cy="10" r="7"/><path d="M9 21v-4M15 21v-4M9 10h.01M15 10h.01"/>',
  swords: '<path d="M14.5 17.5 3 6V3h3l11.5 11.5M13 19l6-6M16 16l4 4M19 21l2-2"/>',
  sink: '<path d="M3 10h18v3a6 6 0 0 1-6 6H9a6 6 0 0 1-6-6zM12 10V5a2 2 0 0 1 4 0"/>',
  feather: '<path d="M20 4c-8 0-14 6-14 14v2M6 14h8M9 10h8"/>',
  wand: '<path d="m3 21 12-12M15 3v3M18 6h3M19 3l-2 2M12 6V4M18 12h2"/>',
  users: '<circle cx="9" cy="8" r="4"/><path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6"/>',
  zap: '<path d="M13 2 4 14h7l-1 8 9-12h-7z"/>',
  scroll: '<path d="M8 21h10a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2H6v14M6 21a2 2 0 0 1-2-2v-2h4v2a2 2 0 0 1-2 2zM10 8h6M10 12h6"/>',
  cog: '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M5 5l2 2M17 17l2 2M5 19l2-2M17 7l2-2"/>',
  house: '<path d="M3 11 12 3l9 8M5 9v12h14V9M10 21v-6h4v6"/>',
  coin: '<circle cx="12" cy="12" r="9"/><path d="M15 9h-4a2 2 0 0 0 0 4h2a2 2 0 0 1 0 4H9M12 6v2M12 16v2"/>',
  shield: '<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z"/>',
  apple: '<path d="M12 7c-4-2-8 1-8 6s3 9 5 9c1 0 2-1 3-1s2 1 3 1c2 0 5-4 5-9s-4-8-8-6zM12 7c0-2 1-4 3-5"/>',
  sliders: '<path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M2 14h4M10 8h4M18 16h4"/>',
  book: '<path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5zM4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5"/>',
  briefcase: '<rect x="2" y="7" width="20" height="14" rx="2"/><path d="M16 21V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v16"/>',
  dice: '<rect x="3" y="3" width="18" height="18" rx="3"/><path d="M8 8h.01M16 8h.01M12 12h.01M8 16h.01M16 16h.01"/>',
  paw: '<circle cx="6" cy="10" r="2"/><circle cx="10" cy="5" r="2"/><circle cx="14" cy="5" r="2"/><circle cx="18" cy="10" r="2"/><path d="M8 18a4 4 0 0 1 8 0 2 2 0 0 1-2 2h-4a2 2 0 0 1-2-2z"/>',
  chat: '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>',
  box: '<path d="M21 8 12 3 3 8v8l9 5 9-5zM3 8l9 5 9-5M12 13v8"/>',
  cpu: '<rect x="5" y="5" width="14" height="14" rx="2"/><rect x="9" y="9" width="6" height="6"/><path d="M9 2v3M15 2v3M9 19v3M15 19v3M2 9h3M2 15h3M19 9h3M19 15h3"/>',
  train: '<rect x="5" y="3" width="14" height="14" rx="3"/><path d="M5 11h14M8 21l2-4M16 21l-2-4M9 14h.01M15 14h.01"/>',
  wrench: '<path d="M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L2 10l8-8z"/>',
  globe: '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15 15 0 0 1 0 20M12 2a15 15 0 0 0 0 20"/>',
  mountain: '<path d="m3 20 6-10 4 6 3-4 5 8z"/>',
  puzzle: '<path d="M4 7h4a2 2 0 1 1 4 0h4v4a2 2 0 1 1 0 4v4H4v-4a2 2 0 1 0 0-4z"/>',
  eye: '<path d="M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
  square: '<rect x="4" y="4" width="16" height="16" rx="2"/>',
  palette: '<circle cx="12" cy="12" r="10"/><path d="M8 9h.01M12 7h.01M16 9h.01M9 14c1 2 5 2 6 0"/>',
  tune: '<path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0"/><circle cx="16" cy="6" r="2"/><circle cx="10" cy="12" r="2"/><circle cx="18" cy="18" r="2"/>',
  leaf: '<path d="M5 19c0-9 6-14 15-15-1 9-6 15-15 15zM5 19l7-7"/>',
  music: '<path d="M9 18V5l12-2v13"/><circle cx="6" cy="18" r="3"/><circle cx="18" cy="16" r="3"/>',
  cube: '<path d="M12 2 3 7v10l9 5 9-5V7zM12 12 3 7M12 12l9-5M12 12v10"/>',
  code: '<path d="m16 18 6-6-6-6M8 6l-6 6 6 6"/>',
  type: '<path d="M4 7V4h16v3M9 20h6M12 4v16"/>',
  layout: '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M3 9h18M9 21V9"/>',
  gem: '<path d="M6 3h12l4 6-10 13L2 9z"/><path d="M2 9h20"/>',
  languages: '<path d="m5 8 6 6M4 14l6-6 2-3M2 5h12M7 2h1M22 22l-5-10-5 10M14 18h6"/>',
  grid: '<rect x="3" y="3" width="18" height="18"/><path d="M3 12h18M12 3v18"/>',
  sun: '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>',
  cloud: '<path d="M17.5 19a4.5 4.5 0 1 0-1.4-8.8A6 6 0 0 0 4 12a4 4 0 0 0 1 7z"/>',
  sparkle: '<path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2 2M16 16l2 2M6 18l2-2M16 8l2-2"/>',
  lamp: '<path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z"/>',
  route: '<circle cx="6" cy="19" r="3"/><circle cx="18" cy="5" r="3"/><path d="M9 19h8.5a3.5 3.5 0 0 0 0-7h-11a3.5 3.5 0 0 1 0-7H15"/>',
  layers: '<path d="m12 2 10 5-10 5L2 7zM2 17l10 5 10-5M2 12l10 5 10-5"/>',
  droplet: '<path d="M12 2.7 6.3 8.3a8 8 0 1 0 11.4 0z"/>',
  moon: '<path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z"/>',
  gauge: '<path d="M12 14l4-4M3.3 19a10 10 0 1 1 17.4 0"/>',
  camera: '<path d="M23 19a2 2 0 0 1-2 2H3a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h4l2-3h6l2 3h4a2 2 0 0 1 2 2z"/><circle cx="12" cy="13" r="4"/>',
  plug: '<path d="M12 22v-5M9 7V2M15 7V2M6 7h12v5a6 6 0 0 1-12 0z"/>',
  server: '<rect x="2" y="3" width="20" height="8" rx="2"/><rect x="2" y="13" width="20" height="8" rx="2"/><path d="M6 7h.01M6 17h.01"/>',
  network: '<rect x="9" y="2" width="6" height="6"/><rect x="2" y="16" width="6" height="6"/><rect x="16" y="16" width="6" height="6"/><path d="M5 16v-4h14v4M12 12V8"/>',
} as const

type GlyphName = keyof typeof glyph

const icon = (g: GlyphName): string => svgIcon(glyph[g])

// ---------------------------------------------------------------------------
// Categories (spec §3)

const modpackCategories: [string, GlyphName][] = [
  ['adventure', 'compass'],
  ['challenging', 'mountain'],
  ['combat', 'swords'],
  ['kitchen-sink', 'sink'],
  ['lightweight', 'feather'],
  ['magic', 'wand'],
  ['multiplayer', 'users'],
  ['optimization', 'zap'],
  ['quests', 'scroll'],
  ['technology', 'cog'],
]

const modCategories: [string, GlyphName][] = [
  ['adventure', 'compass'],
  ['cursed', 'skull'],
  ['decoration', 'house'],
  ['economy', 'coin'],
  ['equipment', 'shield'],
  ['food', 'apple'],
  ['game-mechanics', 'sliders'],
  ['library', 'book'],
  ['magic', 'wand'],
  ['management', 'briefcase'],
  ['minigame', 'dice'],
  ['mobs', 'paw'],
  ['optimization', 'zap'],
  ['social', 'chat'],
  ['storage', 'box'],
  ['technology', 'cpu'],
  ['transportation', 'train'],
  ['utility', 'wrench'],
  ['worldgen', 'globe'],
]

const resourcepackCategories: [string, GlyphName][] = [
  ['combat', 'swords'],
  ['cursed', 'skull'],
  ['decoration', 'house'],
  ['modded', 'puzzle'],
  ['realistic', 'eye'],
  ['simplistic', 'square'],
  ['themed', 'palette'],
  ['tweaks', 'tune'],
  ['utility', 'wrench'],
  ['vanilla-like', 'leaf'],
]

const resourcepackFeatures: [string, GlyphName][] = [
  ['audio', 'music'],
  ['blocks', 'cube'],
  ['core-shaders', 'code'],
  ['entities', 'paw'],
  ['environment', 'mountain'],
  ['equipment', 'shield'],
  ['fonts', 'type'],
  ['gui', 'layout'],
  ['items', 'gem'],
  ['locale', 'languages'],
  ['models', 'box'],
]

export const resolutions: string[] = ['8x-', '16x', '32x', '48x', '64x', '128x', '256x', '512x+']

const shaderCategories: [string, GlyphName][] = [
  ['cartoon', 'palette'],
  ['cursed', 'skull'],
  ['fantasy', 'sparkle'],
  ['realistic', 'eye'],
  ['semi-realistic', 'cloud'],
  ['vanilla-like', 'leaf'],
]

const shaderFeatures: [string, GlyphName][] = [
  ['atmosphere', 'cloud'],
  ['bloom', 'sun'],
  ['colored-lighting', 'lamp'],
  ['foliage', 'leaf'],
  ['path-tracing', 'route'],
  ['pbr', 'layers'],
  ['reflections', 'droplet'],
  ['shadows', 'moon'],
]

export type PerformanceImpact = 'potato' | 'low' | 'medium' | 'high' | 'screenshot'
export const performanceImpacts: PerformanceImpact[] = ['potato', 'low', 'medium', 'high', 'screenshot']

const perfGlyph: Record<PerformanceImpact, GlyphName> = {
  potato: 'feather',
  low: 'gauge',
  medium: 'gauge',
  high: 'cpu',
  screenshot: 'camera',
}

function build(list: [string, GlyphName][], projectType: ProjectType, header: CategoryHeader): CategoryTag[] {
  return list.map(([name, g]) => ({ name, projectType, header, icon: icon(g) }))
}

export const categories: CategoryTag[] = [
  ...build(modpackCategories, 'modpack', 'categories'),
  ...build(modCategories, 'mod', 'categories'),
  // Like Modrinth, plugins and data packs reuse the mod categories.
  ...build(modCategories, 'plugin', 'categories'),
  ...build(modCategories, 'datapack', 'categories'),
  ...build(resourcepackCategories, 'resourcepack', 'categories'),
  ...build(resourcepackFeatures, 'resourcepack', 'features'),
  ...resolutions.map((name) => ({
    name,
    projectType: 'resourcepack' as const,
    header: 'resolutions' as const,
    icon: icon('grid'),
  })),
  ...build(shaderCategories, 'shader', 'categories'),
  ...build(shaderFeatures, 'shader', 'features'),
  ...performanceImpacts.map((name) => ({
    name,
    projectType: 'shader' as const,
    header: 'performance impact' as const,
    icon: icon(perfGlyph[name]),
  })),
]

/** Category names of one project type under one header. */
export function categoryNames(projectType: ProjectType, header: CategoryHeader = 'categories'): string[] {
  return categories.filter((c) => c.projectType === projectType && c.header === header).map((c) => c.name)
}

// ---------------------------------------------------------------------------
// Loaders

export const modLoaders: string[] = [
  'fabric',
  'forge',
  'neoforge',
  'quilt',
  'liteloader',
  'modloader',
  'rift',
  'babric',
  'bta-babric',
  'java-agent',
  'legacy-fabric',
  'nilloader',
  'ornithe',
]
/** Mod loaders that can also run modpacks. */
export const modpackLoaders: string[] = ['fabric', 'forge', 'neoforge', 'quilt']
export const shaderLoaders: string[] = ['iris', 'optifine', 'canvas', 'vanilla']
export const pluginLoaders: string[] = ['bukkit', 'spigot', 'paper', 'purpur', 'folia', 'sponge']
export const pluginPlatformLoaders: string[] = ['bungeecord', 'waterfall', 'velocity']

const loaderGlyph: Record<string, GlyphName> = {
  datapack: 'book',
  minecraft: 'cube',
  iris: 'eye',
  optifine: 'zap',
  canvas: 'palette',
  vanilla: 'leaf',
}

export const loaders: LoaderTag[] = [
  ...modLoaders.map((name) => ({
    name,
    icon: icon('plug'),
    supportedProjectTypes: modpackLoaders.includes(name) ? ['mod', 'modpack'] : ['mod'],
  })),
  { name: 'datapack', icon: icon('book'), supportedProjectTypes: ['mod', 'datapack'] },
  { name: 'minecraft', icon: icon('cube'), supportedProjectTypes: ['resourcepack'] },
  ...shaderLoaders.map((name) => ({ name, icon: icon(loaderGlyph[name] ?? 'plug'), supportedProjectTypes: ['shader'] })),
  ...pluginLoaders.map((name) => ({ name, icon: icon('server'), supportedProjectTypes: ['plugin'] })),
  ...pluginPlatformLoaders.map((name) => ({ name, icon: icon('network'), supportedProjectTypes: ['plugin'] })),
]

/** Loader names usable by a project of the given type. */
export function loadersFor(projectType: ProjectType): string[] {
  return loaders.filter((l) => l.supportedProjectTypes.includes(projectType)).map((l) => l.name)
}

// ---------------------------------------------------------------------------
// Licenses, donation platforms, report types

export const licenses: ShortName[] = [
  { short: 'MIT', name: 'MIT License' },
  { short: 'Apache-2.0', name: 'Apache License 2.0' },
  { short: 'GPL-3.0-only', name: 'GNU General Public License v3.0 only' },
  { short: 'GPL-3.0-or-later', name: 'GNU General Public License v3.0 or later' },
  { short: 'GPL-2.0-only', name: 'GNU General Public License v2.0 only' },
  { short: 'LGPL-3.0-only', name: 'GNU Lesser General Public License v3.0 only' },
  { short: 'LGPL-3.0-or-later', name: 'GNU Lesser General Public License v3.0 or later' },
  { short: 'AGPL-3.0-only', name: 'GNU Affero General Public License v3.0 only' },
  { short: 'MPL-2.0', name: 'Mozilla Public License 2.0' },
  { short: 'BSD-2-Clause', name: 'BSD 2-Clause "Simplified" License' },
  { short: 'BSD-3-Clause', name: 'BSD 3-Clause "New" or "Revised" License' },
  { short: 'ISC', name: 'ISC License' },
  { short: 'Zlib', name: 'zlib License' },
  { short: 'Unlicense', name: 'The Unlicense' },
  { short: 'CC0-1.0', name: 'Creative Commons Zero v1.0 Universal' },
  { short: 'CC-BY-4.0', name: 'Creative Commons Attribution 4.0 International' },
  { short: 'CC-BY-SA-4.0', name: 'Creative Commons Attribution Share Alike 4.0 International' },
  { short: 'CC-BY-NC-4.0', name: 'Creative Commons Attribution Non Commercial 4.0 International' },
  { short: 'CC-BY-NC-SA-4.0', name: 'Creative Commons Attribution Non Commercial Share Alike 4.0 International' },
  { short: 'CC-BY-ND-4.0', name: 'Creative Commons Attribution No Derivatives 4.0 International' },
  { short: 'LicenseRef-All-Rights-Reserved', name: 'All Rights Reserved' },
  { short: 'LicenseRef-Custom', name: 'Custom License' },
  { short: 'LicenseRef-Unknown', name: 'Unknown' },
]

/** Licenses whose terms require the source to be published (publishing checklist). */
export const copyleftLicenses = new Set([
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'GPL-2.0-only',
  'LGPL-3.0-only',
  'LGPL-3.0-or-later',
  'AGPL-3.0-only',
  'MPL-2.0',
])

export const donationPlatforms: ShortName[] = [
  { short: 'patreon', name: 'Patreon' },
  { short: 'bmac', name: 'Buy Me a Coffee' },
  { short: 'paypal', name: 'PayPal' },
  { short: 'github', name: 'GitHub Sponsors' },
  { short: 'ko-fi', name: 'Ko-fi' },
  { short: 'other', name: 'Other' },
]

export type ReportType = 'spam' | 'copyright' | 'inappropriate' | 'malicious' | 'name-squatting'
export const reportTypes: ReportType[] = ['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting']

export type SideType = 'required' | 'optional' | 'unsupported' | 'unknown'
export const sideTypes: SideType[] = ['required', 'optional', 'unsupported', 'unknown']
