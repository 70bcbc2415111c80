/** The site's navigation targets (spec §2). Labels are message keys; see messages/en-US.json. */

export const PROJECT_TYPE_LINKS = [
  { type: 'mod', href: '/mods', navKey: 'mods' },
  { type: 'modpack', href: '/modpacks', navKey: 'modpacks' },
  { type: 'plugin', href: '/plugins', navKey: 'plugins' },
  { type: 'resourcepack', href: '/resourcepacks', navKey: 'resourcepacks' },
  { type: 'shader', href: '/shaders', navKey: 'shaders' },
  { type: 'datapack', href: '/datapacks', navKey: 'datapacks' },
] as const

export type SiteProjectType = (typeof PROJECT_TYPE_LINKS)[number]['type']

export const MAIN_NAV_LINKS = [
  ...PROJECT_TYPE_LINKS.map(({ href, navKey }) => ({ href, navKey })),
  { href: '/news', navKey: 'news' },
  { href: '/servers', navKey: 'servers' },
] as const

export const SIGN_IN_HREF = '/auth/sign-in'
export const PUBLISH_HREF = '/dashboard/projects'

export const LEGAL_LINKS = [
  { href: '/legal/terms', key: 'terms' },
  { href: '/legal/privacy', key: 'privacy' },
  { href: '/legal/rules', key: 'rules' },
  { href: '/legal/copyright', key: 'copyright' },
  { href: '/legal/security', key: 'security' },
  { href: '/legal/ccpa', key: 'ccpa' },
] as const

/** Page of one project: /{type}/{slug}. */
export const projectHref = (type: string, slugOrId: string) => `/${type}/${encodeURIComponent(slugOrId)}`
export const newsArticleHref = (slug: string) => `/news/article/${encodeURIComponent(slug)}`
