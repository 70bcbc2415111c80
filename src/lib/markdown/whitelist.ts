/**
 * The only HTML tags and attributes that survive rendering (spec §5), modelled on Modrinth's list.
 * Being listed is necessary, not sufficient: URLs, styles, classes, iframe sources and numeric values are
 * checked further in attributes.ts. Anything not listed is escaped (tags) or dropped (attributes).
 *
 * Deliberate additions to the brief's list, both from Modrinth: `p[align]` (ubiquitous in READMEs as
 * `<p align="center">`) and `style` on `th`/`td`, which is how markdown-it writes table column alignment.
 * `span`/`code` carry `class` so highlight.js output keeps its `hljs-*` classes.
 */
export const MARKDOWN_WHITELIST = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: ['align'],
  br: [],
  hr: [],
  a: ['href', 'title', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'align', 'style'],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  del: [],
  ins: [],
  mark: [],
  sub: [],
  sup: [],
  small: [],
  blockquote: [],
  code: ['class'],
  pre: [],
  ul: [],
  ol: ['start'],
  li: [],
  table: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['align', 'colspan', 'rowspan', 'style'],
  td: ['align', 'colspan', 'rowspan', 'style'],
  details: ['open'],
  summary: [],
  span: ['style', 'class'],
  div: ['style', 'align'],
  center: [],
  kbd: [],
  iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen', 'title'],
  picture: [],
  source: ['media', 'sizes', 'src', 'srcset', 'type'],
  video: ['controls', 'width', 'height', 'src'],
  audio: ['controls', 'src'],
} as const satisfies Record<string, readonly string[]>

export type WhitelistedTag = keyof typeof MARKDOWN_WHITELIST

/** Elements without a closing tag; they never count towards nesting. */
export const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img', 'source'])

/** The only declarations a `style` attribute may keep (spec §5); values are matched whole and case-insensitively. */
export const ALLOWED_CSS: Readonly<Record<string, RegExp>> = {
  'image-rendering': /^pixelated$/,
  'text-align': /^(left|center|right)$/,
  float: /^(left|right)$/,
}

/** Hosts whose images and videos are embedded directly; every other remote source goes through the image proxy. */
export const MEDIA_HOSTS: ReadonlySet<string> = new Set([
  'cdn.modrinth.com',
  'cdn-raw.modrinth.com',
  'imgur.com',
  'i.imgur.com',
  'github.com',
  'raw.githubusercontent.com',
  'user-images.githubusercontent.com',
  'img.shields.io',
  'i.postimg.cc',
  'cdn.discordapp.com',
  'media.discordapp.net',
  'wsrv.nl',
  'bstats.org',
  'cf.way2muchnoise.eu',
])

/** Markdown nesting limit (spec §9), applied to markdown-it and to raw HTML element depth alike. */
export const MAX_NESTING = 100
