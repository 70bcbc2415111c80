/** Demo users, organizations, collections, news articles and changelog entries. Pure data. */

import { Badges } from '../../access/core/permissions'

export type UserRole = 'admin' | 'moderator' | 'developer'

export interface DemoUser {
  username: string
  email: string
  role: UserRole
  bio: string
  /** Bitfield, bits 0–7: MIDAS, EARLY_MODPACK_ADOPTER, EARLY_RESPACK_ADOPTER, EARLY_PLUGIN_ADOPTER,
   * ALPHA_TESTER, CONTRIBUTOR, TRANSLATOR, AFFILIATE. */
  badges: number
  newsEditor: boolean
}

const Badge = Badges

const user = (username: string, role: UserRole, bio: string, badges = 0, newsEditor = false): DemoUser => ({
  username,
  email: `${username}@example.com`,
  role,
  bio,
  badges,
  newsEditor,
})

export const demoUsers: DemoUser[] = [
  user('admin', 'admin', 'Keeps the lights on. Site administrator.', Badge.ALPHA_TESTER | Badge.CONTRIBUTOR),
  user('wren_mod', 'moderator', 'Content moderator. Reviews new projects most weekdays.', Badge.ALPHA_TESTER),
  user('quillfeather', 'developer', 'Writes the news posts and release notes.', Badge.CONTRIBUTOR, true),
  user('tinkerfox', 'developer', 'Performance nerd. Makes the game run faster on old laptops.', Badge.MIDAS | Badge.ALPHA_TESTER),
  user('pixelmoth', 'developer', 'Pixel artist making 16x resource packs and cosy builds.', Badge.EARLY_RESPACK_ADOPTER),
  user('redstone_rook', 'developer', 'Automation, logistics and contraptions.', Badge.EARLY_MODPACK_ADOPTER | Badge.TRANSLATOR),
  user('lumenwright', 'developer', 'Shader developer. Light, shadows and fog.', Badge.AFFILIATE),
  user('mossbyte', 'developer', 'Server admin turned plugin author.', Badge.EARLY_PLUGIN_ADOPTER),
  user('kestrel', 'developer', 'Modpack curator and quest writer.', Badge.EARLY_MODPACK_ADOPTER),
  user('copperkettle', 'developer', 'Data pack tinkerer. Functions all the way down.', 0),
]

/** Indices into demoUsers of accounts that own projects (developers only). */
export const creatorIndices: number[] = demoUsers
  .map((u, i) => (u.role === 'developer' && !u.newsEditor ? i : -1))
  .filter((i) => i >= 0)

export interface DemoOrganization {
  slug: string
  name: string
  description: string
  memberUsernames: string[]
}

export const demoOrganizations: DemoOrganization[] = [
  {
    slug: 'lanternworks',
    name: 'Lanternworks Studio',
    description: 'A small team building performance mods and shaders that look good on any hardware.',
    memberUsernames: ['tinkerfox', 'lumenwright', 'pixelmoth'],
  },
  {
    slug: 'deepslate-collective',
    name: 'Deepslate Collective',
    description: 'Server tooling, modpacks and data packs for community servers.',
    memberUsernames: ['mossbyte', 'kestrel', 'redstone_rook', 'copperkettle'],
  },
]

export type CollectionVisibility = 'public' | 'private' | 'unlisted'

export interface DemoCollection {
  name: string
  summary: string
  ownerUsername: string
  visibility: CollectionVisibility
  projectSlugs: string[]
}

export const demoCollections: DemoCollection[] = [
  {
    name: 'Performance essentials',
    summary: 'Everything I install first on a fresh instance.',
    ownerUsername: 'tinkerfox',
    visibility: 'public',
    projectSlugs: ['ember-lib', 'swiftchunk', 'lightweave-renderer', 'feather-entity-culling', 'memory-miser'],
  },
  {
    name: 'Cosy builder kit',
    summary: 'Decoration mods and soft resource packs for calm survival builds.',
    ownerUsername: 'pixelmoth',
    visibility: 'public',
    projectSlugs: ['hearthstone-furniture', 'woodland-palette', 'soft-focus-16x', 'meadow-glow-shaders'],
  },
  {
    name: 'Server starter pack',
    summary: 'Plugins every small survival server needs.',
    ownerUsername: 'mossbyte',
    visibility: 'public',
    projectSlugs: ['ledgerline-economy', 'waystone-warps', 'gatekeeper-protect', 'chatterbox'],
  },
  {
    name: 'To try later',
    summary: 'Bookmarks, not endorsements.',
    ownerUsername: 'kestrel',
    visibility: 'private',
    projectSlugs: ['skyward-isles', 'deep-dark-depths', 'clockwork-quarry'],
  },
  {
    name: 'Shader shortlist',
    summary: 'Comparing shaders for the next trailer.',
    ownerUsername: 'lumenwright',
    visibility: 'private',
    projectSlugs: ['aurora-veil-shaders', 'pinewood-shaders', 'meadow-glow-shaders'],
  },
  {
    name: 'Half-finished ideas',
    summary: 'Private notes for my next data pack.',
    ownerUsername: 'copperkettle',
    visibility: 'private',
    projectSlugs: [],
  },
  {
    name: 'Friends server mods',
    summary: 'The list we share in our group chat.',
    ownerUsername: 'redstone_rook',
    visibility: 'unlisted',
    projectSlugs: ['clockwork-quarry', 'conveyor-logistics', 'ember-lib', 'voice-of-the-village'],
  },
  {
    name: 'Data pack fun',
    summary: 'Small vanilla-friendly tweaks.',
    ownerUsername: 'copperkettle',
    visibility: 'unlisted',
    projectSlugs: ['graves-and-ghosts', 'more-mob-heads', 'vein-breaker'],
  },
  {
    name: 'Pack review queue',
    summary: 'Modpacks to review for the newsletter.',
    ownerUsername: 'kestrel',
    visibility: 'unlisted',
    projectSlugs: ['skyward-isles', 'copper-age'],
  },
]

export interface DemoNewsArticle {
  slug: string
  title: string
  summary: string
  publishedDaysAgo: number
  paragraphs: string[]
  callout?: { tone: 'info' | 'warning' | 'tip'; text: string }
  code?: { language: string; code: string }
  /** 11-character video id, embedded as a YouTube-style player. */
  videoId?: string
}

export const demoNews: DemoNewsArticle[] = [
  {
    slug: 'welcome-to-blockforge',
    title: 'Welcome to BlockForge',
    summary: 'A new home for mods, modpacks, plugins, data packs, resource packs and shaders.',
    publishedDaysAgo: 120,
    paragraphs: [
      'Today we are opening BlockForge to everyone. Creators can publish projects, upload versions and build a following, and players can find what they need with fast, faceted search.',
      'Every project page shows versions, a gallery, links and compatibility at a glance, so you always know whether something runs on your loader and game version.',
      'We are a small team and this is only the start. Tell us what you think in the feedback channel.',
    ],
    callout: { tone: 'info', text: 'Existing launchers that speak the Modrinth v2 API can point at BlockForge without changes.' },
    videoId: 'dQ3bF7kL9xA',
  },
  {
    slug: 'api-for-launchers',
    title: 'A stable API for launchers and tools',
    summary: 'Search, version lookups by file hash and update checks are available to every client.',
    publishedDaysAgo: 75,
    paragraphs: [
      'Our public API is compatible with the v2 wire format used by popular launchers and command-line tools.',
      'Please send a descriptive User-Agent so we can reach you if something goes wrong. Requests are limited to 300 per minute per IP address.',
    ],
    code: {
      language: 'js',
      code: "const res = await fetch('https://blockforge.example/v2/search?query=sodium&limit=5', {\n  headers: { 'User-Agent': 'my-launcher/1.0 (me@example.com)' },\n})\nconsole.log((await res.json()).hits)",
    },
    callout: { tone: 'tip', text: 'Use the /version_files/update endpoint to check many mods in one request.' },
  },
  {
    slug: 'moderation-update',
    title: 'How project review works',
    summary: 'What moderators look for and how to get your project approved on the first try.',
    publishedDaysAgo: 40,
    paragraphs: [
      'Every new project is reviewed by a moderator before it appears in search. Most reviews finish within two days.',
      'Write a clear summary that differs from the title, describe your project in at least a couple of paragraphs, and pick a license. Shaders need three gallery images, resource packs one.',
      'If a project is rejected or withheld, you will find the reason in the moderation tab. Fix it and resubmit; there is no penalty.',
    ],
    callout: { tone: 'warning', text: 'Re-uploading other people\u2019s work without permission leads to removal.' },
  },
  {
    slug: 'servers-beta',
    title: 'Hosted servers enter public beta',
    summary: 'Spin up a server with your favourite modpack in a couple of clicks.',
    publishedDaysAgo: 12,
    paragraphs: [
      'Hosted servers are now available to everyone in North America and Western Europe, with Central Europe coming soon.',
      'Pick a plan, choose a modpack or loader, and your server is ready in about a minute. Backups run automatically and can be locked to keep them forever.',
    ],
    videoId: 'Xy7_Qp2Lm0s',
  },
  {
    slug: 'datapack-tips',
    title: 'Five tips for faster data packs',
    summary: 'Small changes to your functions that keep busy servers running at twenty ticks per second.',
    publishedDaysAgo: 1,
    paragraphs: [
      'Data packs run on every tick, so a little care goes a long way on servers with many players.',
      'Schedule expensive checks instead of running them every tick, and narrow your selectors with tags and distances before testing scores.',
      'Watch the talk below for a walkthrough of profiling a pack with the built-in performance report.',
    ],
    callout: { tone: 'warning', text: 'Never run a function from itself without a stop condition: it freezes the server.' },
    code: {
      language: 'json',
      code: '{\n  "pack": {\n    "pack_format": 48,\n    "description": "Faster farms"\n  }\n}',
    },
    videoId: 'Kp3mN8qR2tZ',
  },
  {
    slug: 'creator-rewards',
    title: 'Creator rewards are live',
    summary: 'Creators now earn a share of ad revenue based on the views of their projects.',
    publishedDaysAgo: 3,
    paragraphs: [
      'Starting this month, 75% of advertising revenue goes to creators, split each day over monetized projects by their page views.',
      'You can follow your balance, and how each day of it was computed, on the [revenue dashboard](/dashboard/revenue), and withdraw once it reaches the payout minimum.',
    ],
    callout: { tone: 'tip', text: 'Choose a payout method on the revenue dashboard’s Withdraw page: the fee, the minimum and what arrives are shown before you confirm.' },
  },
]

export type ChangelogProduct = 'web' | 'app' | 'servers'

export interface DemoChangelogEntry {
  product: ChangelogProduct
  daysAgo: number
  version?: string
  body: string
}

export const demoChangelog: DemoChangelogEntry[] = [
  { product: 'web', daysAgo: 2, body: '## Improvements\n- Version lists collapse game version ranges into spans.\n- Search remembers your display mode per project type.' },
  { product: 'web', daysAgo: 9, body: '## Fixes\n- Fixed the gallery lightbox skipping images on slow connections.\n- Report form now validates the item ID before submitting.' },
  { product: 'web', daysAgo: 30, body: '## New\n- Collections can be **unlisted**, shareable by link only.\n- Organization pages list projects per type.' },
  { product: 'app', daysAgo: 4, version: '0.9.3', body: '## Fixes\n- Fixed instances failing to launch when the path contained spaces.\n- Faster mod update checks.' },
  { product: 'app', daysAgo: 18, version: '0.9.2', body: '## Improvements\n- Modpack import shows a progress bar.\n- Added a setting for the Java memory limit.' },
  { product: 'app', daysAgo: 45, version: '0.9.0', body: '## New\n- Brand new library view.\n- Instances can be exported as `.mrpack` files.' },
  { product: 'servers', daysAgo: 6, body: '## Improvements\n- Backups can be locked to keep them from rolling deletion.\n- Content page search shows the mod count.' },
  { product: 'servers', daysAgo: 21, body: '## New\n- Central Europe region added.\n- File manager supports drag and drop uploads.' },
  { product: 'servers', daysAgo: 60, body: '## Fixes\n- Suspended servers now show "Suspended" instead of "Connection lost".' },
]
