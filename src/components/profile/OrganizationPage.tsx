import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getLocale, getTranslations } from 'next-intl/server'

import { OrganizationViewerBar } from '@/components/organization/OrganizationViewerBar'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { formatNumber } from '@/lib/format'
import { relationId } from '@/lib/ids'
import { isListed } from '@/lib/projectStatus'
import { projectTypeFromSegment, projectTypeSegment } from '@/lib/projectTypes'

import { Avatar } from './Avatar'
import { ProfileIcon } from '@/components/site/icons'
import { listingMode, loadOrganizationProfile } from './load'
import { DetailsCard, ProfileProjects } from './ProfileSections'
import { Stats } from './Stats'

export type OrganizationRouteParams = Promise<{ id: string; projectType?: string }>

function typeOfRoute(segment: string | undefined) {
  if (segment === undefined) return null
  return projectTypeFromSegment(segment) ?? undefined
}


export async function organizationMetadata({ params }: { params: OrganizationRouteParams }): Promise<Metadata> {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  const profile = type === undefined ? null : await loadOrganizationProfile(id)
  if (!profile || type === undefined) return notFoundMetadata('organization')
  const [t, site, types, locale] = await Promise.all([getTranslations('Profile'), getTranslations('Site'), getTranslations('ProjectTypes'), getLocale()])
  const { organization: org, projects, totals } = profile
  const listed = projects.filter((p) => isListed(p.status)).length
  const title = type ? t('meta.organizationTypeTitle', { type: types(`${type}.plural`), name: org.name }) : t('meta.organizationTitle', { name: org.name })
  const description =
    org.description?.trim() ||
    t('meta.organizationDescription', {
      name: org.name,
      site: site('name'),
      projects: t('projectCount', { formatted: formatNumber(listed, locale), count: listed }),
      downloads: t('downloads', { formatted: formatNumber(totals.downloads, locale), count: totals.downloads }),
    })
  const path = `/organization/${encodeURIComponent(org.slug ?? org.id)}${type ? `/${projectTypeSegment(type)}` : ''}`
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { type: 'website', title, description, url: path, images: profile.iconUrl ? [{ url: profile.iconUrl }] : undefined },
    twitter: { card: 'summary', title, description },
  }
}

/** `/organization/{slug or id}` and `/organization/{id}/{projectType}`. */
export async function OrganizationPage({ params }: { params: OrganizationRouteParams }) {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  if (type === undefined) notFound()
  const profile = await loadOrganizationProfile(id)
  if (!profile) notFound()

  const [t, locale, mode] = await Promise.all([getTranslations('Profile'), getLocale(), listingMode('user')])
  const { organization: org, projects, totals, members } = profile
  const basePath = `/organization/${encodeURIComponent(org.slug ?? org.id)}`
  const listedCount = projects.filter((p) => isListed(p.status)).length

  return (
    <div className="container profile-page" data-testid="organization-profile">
      <header className="profile-hero">
        <Avatar url={profile.iconUrl} size={96} fallback="users" className="profile-hero__avatar" />
        <div className="profile-hero__text">
          <h1 className="profile-hero__title">{org.name}</h1>
          <p className={`profile-hero__lead${org.description ? '' : ' profile-hero__lead--empty'}`}>{org.description || t('noDescription')}</p>
          <p className="profile-hero__meta">
            <ProfileIcon name="users" size={16} />
            {t('memberCount', { formatted: formatNumber(members.length, locale), count: members.length })}
          </p>
        </div>
        <Stats locale={locale} projects={listedCount} downloads={totals.downloads} followers={totals.followers} />
      </header>
      <OrganizationViewerBar organizationId={org.id} slug={org.slug} teamId={relationId(org.team)} isMember={profile.seesHidden} />

      <div className="profile-layout">
        <aside className="profile-aside">
          <section className="profile-card" aria-labelledby="org-members">
            <h2 id="org-members" className="profile-card__title">
              {t('membersHeading')}
            </h2>
            {members.length ? (
              <ul className="profile-links" data-testid="organization-members">
                {members.map((m) => (
                  <li key={m.id}>
                    <Link href={`/user/${encodeURIComponent(m.username)}`} className="profile-link">
                      <Avatar url={m.avatarUrl} size={32} round fallback="user" />
                      <span className="profile-link__text">
                        <span className="profile-link__name">
                          {m.username}
                          {m.isOwner ? (
                            <span className="owner-mark" title={t('ownerBadge')}>
                              <ProfileIcon name="crown" size={13} />
                              <span className="visually-hidden">{t('ownerBadge')}</span>
                            </span>
                          ) : null}
                        </span>
                        <span className="profile-link__sub">{m.role}</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="profile-card__empty">{t('noMembers')}</p>
            )}
          </section>
          <DetailsCard headingId="org-details" id={org.id} idLabel={t('organizationId')} />
        </aside>

        <ProfileProjects headingId="org-projects" projects={projects} type={type} basePath={basePath} mode={mode} seesHidden={profile.seesHidden} />
      </div>
    </div>
  )
}
