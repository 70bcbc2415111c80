import type { Metadata } from 'next'
import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { DetailsForm } from '@/components/organization/DetailsForm'
import { InvitationAnswer } from '@/components/organization/InvitationAnswer'
import { Avatar } from '@/components/profile/Avatar'
import { requireUser } from '@/lib/auth/guard'
import { getMyOrganizations } from '@/lib/data/organizations'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Organizations')
  return { title: t('dashboardTitle'), robots: { index: false } }
}

/** /dashboard/organizations (auth): your organizations with their counts, invitations to answer, and creating one. */
export default async function DashboardOrganizationsPage() {
  await requireUser()
  const [t, { organizations, invitations }] = await Promise.all([getTranslations('Organizations'), currentViewer().then(getMyOrganizations)])
  return (
    <DashboardFrame
      active="organizations"
      title={t('dashboardTitle')}
      lead={t('dashboardLead')}
      actions={<a href="#create-organization" className="button button--primary">{t('create')}</a>}
    >
      {invitations.length ? (
        <section className="settings-card account-card" aria-labelledby="org-invitations-title">
          <h2 id="org-invitations-title" className="settings-card__title">{t('invitationsHeading')}</h2>
          <ul className="members__list">
            {invitations.map((inv) => (
              <li key={inv.organization.id} className="members__card" data-testid="organization-invitation">
                <h3 className="members__name">
                  <Link href={`/organization/${encodeURIComponent(inv.organization.slug)}`}>{inv.organization.name}</Link>
                </h3>
                <p>{t('invitationBody', { organization: inv.organization.name, role: inv.role })}</p>
                <InvitationAnswer organizationId={inv.organization.id} label={inv.organization.name} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="org-list-title">
        <h2 id="org-list-title" className="project-settings__subheading">{t('listLabel')}</h2>
        {organizations.length ? (
          <ul className="members__list" data-testid="dashboard-organizations">
            {organizations.map((org) => (
              <li key={org.id} className="members__card">
                <div className="members__who">
                  <Avatar url={org.iconUrl} size={40} fallback="users" />
                  <h3 className="members__name">
                    <Link href={`/organization/${encodeURIComponent(org.slug)}`}>{org.name}</Link>
                  </h3>
                </div>
                <p className="project-settings__hint">
                  {t('memberCount', { count: org.members })} · {t('projectCount', { count: org.projects })}
                </p>
                <Link href={`/organization/${encodeURIComponent(org.slug)}/settings`} className="button button--secondary">
                  {t('settings')}
                  <span className="visually-hidden">: {org.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="project-settings__hint">{t('none')}</p>
        )}
      </section>

      <section id="create-organization" className="settings-card account-card" aria-labelledby="org-create-title">
        <h2 id="org-create-title" className="settings-card__title">{t('createHeading')}</h2>
        <DetailsForm stored={{ name: '', slug: '', summary: '' }} />
      </section>
    </DashboardFrame>
  )
}
