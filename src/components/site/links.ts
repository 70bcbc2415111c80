/** The site's navigation targets (spec §2). Labels are message keys; see messages/en-US.json. */
import { projectTypeSearchPath, projectTypeSegment, SITE_PROJECT_TYPES } from '@/lib/projectTypes'

/** Each project type's search page, in the site's order; its label is `Nav.{segment}`. */
export const PROJECT_TYPE_LINKS = SITE_PROJECT_TYPES.map((type) => ({ type, href: projectTypeSearchPath(type), navKey: projectTypeSegment(type) }))

export const MAIN_NAV_LINKS = [
  ...PROJECT_TYPE_LINKS.map(({ href, navKey }) => ({ href, navKey })),
  { href: '/news', navKey: 'news' as const },
  { href: '/servers', navKey: 'servers' as const },
]

export const SIGN_IN_HREF = '/auth/sign-in'
export const PUBLISH_HREF = '/dashboard/projects'
export const NOTIFICATIONS_HREF = '/dashboard/notifications'
/** The signed-in viewer's unread count as JSON (the header's badge reads it in the browser). */
export const NOTIFICATIONS_UNREAD_URL = '/dashboard/notifications/unread'

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
