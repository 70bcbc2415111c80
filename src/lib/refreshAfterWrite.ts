import { revalidatePath } from 'next/cache'

import { adminRevenueUserPath } from './adminPaths'

/*
 * The one place that tells Next which pages a write made stale (the only importer of `next/cache`;
 * eslint.config.mjs keeps it so). A server action names what it wrote, by what shows it, and the
 * table below says which paths that is: `'layout'` marks the path and every page under it, a plain
 * path marks that one page.
 *
 * When: Next records the paths during the request and applies them once the server action or route
 * handler has finished. Outside a Next request (a job, the seed, a test) `revalidatePath` throws
 * ("static generation store missing"); callers that may run there catch it (src/lib/news/revalidate.ts).
 *
 * This is Next's router and route caches only; the public-read cache (src/lib/cache) is invalidated
 * by the collections' hooks on every write, whoever makes it.
 */

/** What a write changed, by what shows it. */
export type Written =
  /** Anything the header or any page may show (the user's name, avatar or email, a project's status, memberships). */
  | 'site'
  /** The dashboard and its pages (notifications). */
  | 'dashboard'
  /** The signed-in user's revenue pages. */
  | 'revenue'
  /** The signed-in user's reports list. */
  | 'myReports'
  /** The signed-in user's organizations list. */
  | 'myOrganizations'
  /** The signed-in user's collections list. */
  | 'myCollections'
  /** The moderators' report queue. */
  | 'reportQueue'
  /** Every organization page. */
  | 'organizations'
  /** The hosting pages (a server's state). */
  | 'servers'
  /** A subscription or payment method: every page that lists them. */
  | 'billing'
  /** One settings page of the signed-in user. */
  | { settings: 'account' | 'pats' | 'applications' | 'authorizations' }
  /** A project's pages, by the project's page path (`/mod/slug`). */
  | { project: string }
  /** An organization's pages, by slug. */
  | { organization: string }
  /** A collection's pages, by id. */
  | { collection: string }
  /** A report's moderation page, by id. */
  | { report: string }
  /** A user's page of the admin billing view, by user id. */
  | { adminBilling: string }
  /** A user's page of the admin revenue view, by user id. */
  | { adminRevenue: string }
  /** One page by its path (the page a form came back to, a news page). */
  | { page: string }

type Stale = readonly [path: string, type?: 'layout' | 'page']

const layout = (path: string): Stale => [path, 'layout']
const page = (path: string): Stale => [path]

const NAMED: Record<Extract<Written, string>, readonly Stale[]> = {
  site: [layout('/')],
  dashboard: [layout('/dashboard')],
  revenue: [layout('/dashboard/revenue')],
  myReports: [page('/dashboard/reports')],
  myOrganizations: [page('/dashboard/organizations')],
  myCollections: [page('/dashboard/collections')],
  reportQueue: [page('/moderation/reports')],
  organizations: [layout('/organization')],
  servers: [layout('/servers')],
  billing: [
    page('/plus'),
    page('/servers'), // the purchase steps list the cards too
    layout('/servers/manage'), // a server's billing page
    layout('/settings/billing'),
  ],
}

/** The paths one written thing makes stale. */
export function stalePaths(written: Written): readonly Stale[] {
  if (typeof written === 'string') return NAMED[written]
  if ('settings' in written) return [page(`/settings/${written.settings}`)]
  if ('project' in written) return [layout(written.project)]
  if ('organization' in written) return [layout(`/organization/${encodeURIComponent(written.organization)}`)]
  if ('collection' in written) return [layout(`/collection/${encodeURIComponent(written.collection)}`)]
  if ('report' in written) return [page(`/moderation/reports/${encodeURIComponent(written.report)}`)]
  if ('adminBilling' in written) return [page(`/admin/billing/${encodeURIComponent(written.adminBilling)}`)]
  if ('adminRevenue' in written) return [page(adminRevenueUserPath(written.adminRevenue))]
  return [page(written.page)]
}

/** Marks the pages showing what was written stale in Next's caches, in the order given. */
export function refreshAfterWrite(...written: Written[]): void {
  for (const w of written) for (const [path, type] of stalePaths(w)) revalidatePath(path, type)
}
