import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { getInvitationTo } from '@/lib/data/organizations'
import { currentViewer } from '@/lib/data/currentViewer'
import { isViewerStaff } from '@/lib/data/viewer'

import { InvitationAnswer } from './InvitationAnswer'

/**
 * On an organization's page, what only its people see: the invitee's invitation to accept or
 * decline, and the settings link for members and staff (per viewer, so the page stays shared).
 */
export async function OrganizationViewerBar({ organizationId, slug, teamId, isMember }: { organizationId: string; slug: string; teamId: string | null; isMember: boolean }) {
  const viewer = await currentViewer()
  if (!viewer.user) return null
  const [t, invitation] = await Promise.all([getTranslations('Organizations'), getInvitationTo(viewer, teamId)])
  const settings = isMember || isViewerStaff(viewer)
  if (!invitation && !settings) return null
  return (
    <section className="member-header" aria-labelledby={invitation ? 'org-invitation-title' : undefined} aria-label={invitation ? undefined : t('settings')}>
      {settings ? (
        <p className="member-header__tools">
          <Link href={`/organization/${encodeURIComponent(slug)}/settings`} className="button button--secondary">{t('settings')}</Link>
        </p>
      ) : null}
      {invitation ? (
        <div className="member-header__invitation">
          <h2 id="org-invitation-title" className="member-header__title">{t('invitation.title')}</h2>
          <p>{t('invitation.body', { role: invitation.role })}</p>
          <InvitationAnswer organizationId={organizationId} label={t('invitation.title')} />
        </div>
      ) : null}
    </section>
  )
}
