/**
 * Locales the site ships and how a request's locale is chosen (spec §4 "Locale", §9 "Default
 * locale en-US; parameter hl"). Pure: used by src/i18n/request.ts and anything that needs the list.
 */

export const LOCALES = ['en-US'] as const
export type AppLocale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: AppLocale = 'en-US'

/** Cookie that stores the chosen language (one year, strict same-site; written by settings/language). */
export const LOCALE_COOKIE = 'locale'
/** One year, in seconds (spec §9: cookies last about 31536000000 ms). */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 31_536_000
/** Query parameter that overrides the language for one request. */
export const LOCALE_QUERY_PARAM = 'hl'
/** Request header through which src/proxy.ts passes `?hl=` on to the request config. */
export const LOCALE_HINT_HEADER = 'x-hl'

/**
 * The supported locale matching a tag: exact (case-insensitive) first, then by language
 * (`en`, `en-GB` → `en-US`). `undefined` when none matches.
 */
export function matchLocale(tag: string | null | undefined): AppLocale | undefined {
  if (!tag) return undefined
  const wanted = tag.trim().replace(/_/g, '-').toLowerCase()
  if (!wanted || wanted === '*') return undefined
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted)
  if (exact) return exact
  const language = wanted.split('-')[0]
  return LOCALES.find((l) => l.toLowerCase().split('-')[0] === language)
}

/** Languages from an `Accept-Language` header, best first (q=0 entries dropped). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((entry, index) => {
      const [tag, ...params] = entry.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((e) => e.tag && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((e) => e.tag)
}

/**
 * The locale of a request: `?hl=` when supported, else the `locale` cookie when supported, else
 * the browser's languages, else en-US.
 */
export function resolveLocale(input: {
  hl?: string | null
  cookie?: string | null
  acceptLanguage?: string | null
}): AppLocale {
  return (
    matchLocale(input.hl) ??
    matchLocale(input.cookie) ??
    parseAcceptLanguage(input.acceptLanguage)
      .map(matchLocale)
      .find((l): l is AppLocale => l !== undefined) ??
    DEFAULT_LOCALE
  )
}

/**
 * Message namespaces client components use (`useTranslations` in 'use client' files), by the part of
 * the site that renders them. Every page gets the `site` ones (header, footer, toasts, search
 * results); a section's layout adds its own (src/components/site/ClientMessages.tsx). Sending every
 * client namespace to every page added ~46 KB to each page's HTML (issue 17, page weight).
 * tests/unit/client-messages.test.ts keeps these lists in step with the code.
 */
export const CLIENT_MESSAGE_SECTIONS = {
  // The email-verification banner (every page while unverified) resends with the sign-up's texts;
  // the header's unread-notification badge (NotificationCount) is on every page for the signed-in.
  site: ['Auth.errors', 'Auth.verify', 'Collections', 'CreateProject', 'Errors', 'Feedback', 'HomeSearch', 'NotificationCount', 'Shell', 'Theme'],
  project: ['GalleryManager', 'Project', 'ProjectMembers', 'ProjectSettings', 'VersionForm'],
  auth: ['Auth', 'OAuth', 'Scopes'],
  settings: ['AccountSettings', 'Applications', 'Authorizations', 'Scopes', 'Settings', 'Tokens'],
  organization: ['Organizations', 'ProjectMembers'],
  dashboard: ['BulkLinks', 'Organizations', 'RevenueForms'],
  flags: ['Flags'],
} as const satisfies Record<string, readonly string[]>

export type ClientMessageSection = Exclude<keyof typeof CLIENT_MESSAGE_SECTIONS, 'site'>

/** Every client namespace, whichever section sends it. */
export const CLIENT_MESSAGE_NAMESPACES: readonly string[] = [...new Set(Object.values(CLIENT_MESSAGE_SECTIONS).flat())]

/** What a page of `section` sends to the browser: the site's namespaces and the section's own. */
export const clientNamespaces = (section?: ClientMessageSection): readonly string[] =>
  section ? [...CLIENT_MESSAGE_SECTIONS.site, ...CLIENT_MESSAGE_SECTIONS[section]] : CLIENT_MESSAGE_SECTIONS.site

/**
 * The parts of a message catalogue that `namespaces` name: a top-level namespace (`Auth`) or a part
 * of one (`Auth.verify`); parts of one namespace are merged.
 */
export function pickMessages<M extends Record<string, unknown>>(messages: M, namespaces: readonly string[]): Partial<M> {
  const picked: Record<string, unknown> = {}
  for (const name of namespaces) {
    const [top, ...rest] = name.split('.')
    const whole = messages[top!]
    if (whole === undefined) continue
    if (rest.length === 0) {
      picked[top!] = whole
      continue
    }
    const part = rest.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], whole)
    if (part === undefined || picked[top!] === whole) continue
    let target = (picked[top!] ??= {}) as Record<string, unknown>
    for (const key of rest.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>
    target[rest.at(-1)!] = part
  }
  return picked as Partial<M>
}
