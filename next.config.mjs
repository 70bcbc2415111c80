import { withPayload } from '@payloadcms/next/withPayload'
import createNextIntlPlugin from 'next-intl/plugin'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { securityHeaders } from './src/lib/http/securityHeaders.mjs'

const dirname = path.dirname(fileURLToPath(import.meta.url))
// Read here directly (this file cannot import TypeScript): NEXT_DIST_DIR, NODE_ENV and FILES_URL.
// Everything else reads the environment through src/lib/env.ts.
const withNextIntl = createNextIntlPlugin('./src/i18n/request.ts')

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Separate build folders let parallel test runs on one machine build side by side.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // Type checking is its own CI step (`npm run typecheck`); the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Gallery images go through a server action: room for the 5 MiB image limit (src/lib/limits.ts)
  // and the form around it; larger files are refused with their own message before this.
  experimental: { serverActions: { bodySizeLimit: '6mb' } },
  // Native packages stay out of the server bundle. So does Payload itself: bundled, each route
  // entry gets its own copy, and the instance first created by a page would throw error classes that the
  // API's error formatter (another copy) does not recognise, losing field errors from responses.
  serverExternalPackages: ['sharp', 'payload', '@payloadcms/db-postgres'],
  images: { localPatterns: [{ pathname: '/api/**' }] },
  // Security headers on every response: pages, /api, /admin and /v2 (src/lib/http/securityHeaders.mjs).
  // Read at build time and at `next start`; FILES_URL joins the CSP as a source of images.
  async headers() {
    // STRIPE_PUBLISHABLE_KEY lets Stripe's card form in (billing with real Stripe).
    const options = { dev: process.env.NODE_ENV === 'development', filesOrigin: process.env.FILES_URL || null, stripe: !!process.env.STRIPE_PUBLISHABLE_KEY }
    const headers = securityHeaders(options)
    const csp = (extra) => securityHeaders({ ...options, ...extra }).filter((h) => h.key === 'Content-Security-Policy')
    return [
      { source: '/:path*', headers: headers.filter((h) => h.key !== 'Content-Security-Policy') },
      // Served user files keep the sandbox CSP their collection sets (a config header would replace it).
      { source: '/:path((?!api/[^/]+/file/).*)', headers: csp({}) },
      // The admin's live preview frames an article's or changelog entry's preview page on this origin (later rules win).
      { source: '/admin/:path*', headers: csp({ framesSelf: true }) },
      // A server's pages open its console (a websocket to its node). The CSP is the document's: pages
      // reached by client-side navigation keep the one they started with, so links into these pages
      // from elsewhere are full loads (src/components/servers).
      ...['/servers/manage', '/servers/manage/:path*'].map((source) => ({ source, headers: csp({ consoles: true }) })),
      ...['/news/article/:slug', '/news/changelog/:product/:date'].map((source) => ({ source, has: [{ type: 'query', key: 'preview' }], headers: securityHeaders({ ...options, framedBySelf: true }).filter((h) => ['Content-Security-Policy', 'X-Frame-Options'].includes(h.key)) })),
    ]
  },
  webpack: (webpackConfig) => {
    webpackConfig.resolve.extensionAlias = {
      '.cjs': ['.cts', '.cjs'],
      '.js': ['.ts', '.tsx', '.js', '.jsx'],
      '.mjs': ['.mts', '.mjs'],
    }
    return webpackConfig
  },
  turbopack: { root: path.resolve(dirname) },
}

const withAdmin = withPayload(withNextIntl(nextConfig), { devBundleServerPackages: false })

/**
 * Payload asks every page for the `Sec-CH-Prefers-Color-Scheme` client hint as a *critical* one,
 * which makes Chrome fetch each page twice (a mobile Lighthouse run counted the retry as a redirect
 * of up to 0.7 s). Only its admin panel reads the hint: the site's theme comes from a cookie and
 * CSS, so the hint headers are sent under /admin alone.
 */
const CLIENT_HINT_HEADERS = ['Accept-CH', 'Critical-CH', 'Vary']
export default {
  ...withAdmin,
  async headers() {
    const rules = await withAdmin.headers()
    const hints = (rule) => rule.source === '/:path*' && rule.headers.some((h) => h.key === 'Critical-CH')
    return rules.flatMap((rule) => {
      if (!hints(rule)) return [rule]
      const rest = rule.headers.filter((h) => !CLIENT_HINT_HEADERS.includes(h.key))
      const admin = { source: '/admin/:path*', headers: rule.headers.filter((h) => CLIENT_HINT_HEADERS.includes(h.key)) }
      return rest.length ? [{ ...rule, headers: rest }, admin] : [admin]
    })
  },
}
