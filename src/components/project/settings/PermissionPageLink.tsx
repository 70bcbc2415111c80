'use client'

import Link from 'next/link'
import { useTranslations } from 'next-intl'

import type { ProjectPermissions } from '@/access/core/permissions'

type Bit = keyof typeof ProjectPermissions

/** The page a project permission opens to its holder ("View revenue" → the revenue dashboard). */
export const PERMISSION_PAGES: Partial<Record<Bit, { href: string; label: 'openAnalytics' | 'openRevenue' }>> = {
  VIEW_ANALYTICS: { href: '/dashboard/analytics', label: 'openAnalytics' },
  VIEW_PAYOUTS: { href: '/dashboard/revenue', label: 'openRevenue' },
}

/** Beside a permission's checkbox (the project's and the organization's member forms): where it leads. */
export function PermissionPageLink({ bit }: { bit: Bit }) {
  const t = useTranslations('ProjectMembers.bitPages')
  const page = PERMISSION_PAGES[bit]
  if (!page) return null
  return (
    <>
      {' '}
      <Link href={page.href} className="members__bit-page">
        {t(page.label)}
      </Link>
    </>
  )
}
