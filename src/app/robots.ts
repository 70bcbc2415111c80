import type { MetadataRoute } from 'next'

import { env } from '@/lib/env'

export const dynamic = 'force-dynamic'

/** `/robots.txt`: the public site is open to crawlers; the admin, APIs, dashboards and settings are not. */
export default function robots(): MetadataRoute.Robots {
  const base = env.siteUrl()
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/v2/', '/dashboard', '/settings', '/auth/', '/moderation'] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  }
}
