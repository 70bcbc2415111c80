import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { actorOf, canManageBilling } from '@/access/core/roles'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { formatNumber } from '@/lib/format'
import { isListed } from '@/lib/projectStatus'
import { decodeBadges } from '@/lib/profile/badges'
import { projectTypeFromSegment, projectTypeSegment } from '@/lib/projectTypes'
import { ReportButton } from '@/components/reports/ReportButton'
import { staffUserDetails } from '@/lib/data/staffUser'
import { hasPlus } from '@/lib/data/billing'
import { adminRevenueUserPath } from '@/lib/adminPaths'

import { Avatar } from './Avatar'
import { EditProfileLink } from './EditProfileLink'
import { ProfileIcon } from '@/components/site/icons'
import { listingMode, loadUserProfile, loadViewer } from './load'
import { DetailsCard, ProfileProjects } from './ProfileSections'
import { StaffUserDetails } from './StaffUserDetails'
import { Stats } from './Stats'

export type UserRouteParams = Promise<{ id: string; projectType?: string }>

/** The type of a sub-route; `undefined` for an unknown segment (a 404). */
function typeOfRoute(segment: string | undefined) {
  if (segment === undefined) return null
  return projectTypeFromSegment(segment) ?? undefined
}

export async function userProfileMetadata({ params }: { params: UserRouteParams }): Promise<Metadata> {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  const profile = type === undefined ? null : await loadUserProfile(id)
  if (!profile || type === undefined) return notFoundMetadata('user')
  const [t, site, types, locale] = await Promise.all([getTranslations('Profile'), getTranslations('Site'), getTranslations('ProjectTypes'), getLocale()])
  const { user, projects, totals } = profile
  const listed = projects.filter((p) => isListed(p.status)).length
  const title = type ? t('meta.userTypeTitle', { type: types(`${type}.plural`), username: user.username }) : t('meta.userTitle', { username: user.username })
  const description =
    user.bio?.trim() ||
    t('meta.userDescription', {
      username: user.username,
      site: site('name'),
      projects: t('projectCount', { formatted: formatNumber(listed, locale), count: listed }),
      downloads: t('downloads', { formatted: formatNumber(totals.downloads, locale), count: totals.downloads }),
    })
  const path = `/user/${encodeURIComponent(user.username)}${type ? `/${projectTypeSegment(type)}` : ''}`
  return {
    title,
    description,
    // Feed readers find the user's new versions here.
    alternates: { canonical: path, types: { 'application/atom+xml': `/user/${encodeURIComponent(user.username)}/feed.atom` } },
    openGraph: { type: 'profile', title, description, url: path, username: user.username, images: profile.avatarUrl ? [{ url: profile.avatarUrl }] : undefined },
    twitter: { card: 'summary', title, description },
  }
}

/** `/user/{id or username}` and `/user/{id}/{projectType}`. */
export async function UserProfilePage({ params }: { params: UserRouteParams }) {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  if (type === undefined) notFound()
  const profile = await loadUserProfile(id)
  if (!profile) notFound()

  const [t, format, locale, mode] = await Promise.all([getTranslations('Profile'), getFormatter(), getLocale(), listingMode('user')])
  const { user, projects, totals, organizations, collections } = profile
  const badges = decodeBadges(user.badges)
  const basePath = `/user/${encodeURIComponent(user.username)}`
  const listedCount = projects.filter((p) => isListed(p.status)).length
  const viewer = await loadViewer()
  // The Plus badge shows to everyone. An anonymous page kept by the page cache is tagged with the
  // user (cacheTags.user), which a change of their Plus status invalidates.
  const [staffDetails, plus] = await Promise.all([staffUserDetails(viewer, user), hasPlus(viewer.payload, user.id)])
  const manageBilling = canManageBilling(actorOf(viewer.req))

  return (
    <div className="container profile-page" data-testid="user-profile">
      <header className="profile-hero">
        <Avatar url={profile.avatarUrl} size={96} round fallback="user" className="profile-hero__avatar" />
        <div className="profile-hero__text">
          <h1 className="profile-hero__title">{user.username}</h1>
          <p className={`profile-hero__lead${user.bio ? '' : ' profile-hero__lead--empty'}`}>{user.bio || t('noBio')}</p>
          <p className="profile-hero__meta">
            <ProfileIcon name="calendar" size={16} />
            <time dateTime={user.createdAt} title={format.dateTime(new Date(user.createdAt), { dateStyle: 'full', timeStyle: 'short' })}>
              {t('joined', { date: format.dateTime(new Date(user.createdAt), { dateStyle: 'long' }) })}
            </time>
          </p>
          {profile.isSelf ? <EditProfileLink /> : <ReportButton type="user" id={user.id} name={user.username} className="button button--secondary button--small" />}
        </div>
        <Stats locale={locale} projects={listedCount} downloads={totals.downloads} followers={totals.followers} />
      </header>

      <div className="profile-layout">
        <aside className="profile-aside">
          {staffDetails ? <StaffUserDetails details={staffDetails} /> : null}
          {manageBilling ? (
            <p className="profile-card staff-billing">
              <a href={`/admin/billing/${encodeURIComponent(user.id)}`} className="button button--secondary button--small">
                {t('staff.manageBilling')}
              </a>{' '}
              <a href={adminRevenueUserPath(user.id)} className="button button--secondary button--small">
                {t('staff.revenueLedger')}
              </a>
            </p>
          ) : null}
          {badges.length || plus ? (
            <section className="profile-card" aria-labelledby="profile-badges">
              <h2 id="profile-badges" className="profile-card__title">
                {t('badgesHeading')}
              </h2>
              <ul className="profile-badges" data-testid="profile-badges">
                {plus ? (
                  <li className="profile-badge profile-badge--plus" title={t('plusBadgeDescription')} data-testid="plus-badge">
                    <span className="profile-badge__icon">
                      <ProfileIcon name="heart" size={16} />
                    </span>
                    {t('plusBadge')}
                  </li>
                ) : null}
                {badges.map((badge) => (
                  <li key={badge} className={`profile-badge profile-badge--${badge}`} title={t(`badgeDescriptions.${badge}`)}>
                    <span className="profile-badge__icon">
                      <ProfileIcon name={badge} size={16} />
                    </span>
                    {t(`badges.${badge}`)}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <section className="profile-card" aria-labelledby="profile-orgs">
            <h2 id="profile-orgs" className="profile-card__title">
              {t('organizationsHeading')}
            </h2>
            {organizations.length ? (
              <ul className="profile-links">
                {organizations.map((org) => (
                  <li key={org.id}>
                    <Link href={`/organization/${encodeURIComponent(org.slug)}`} className="profile-link">
                      <Avatar url={org.iconUrl} size={32} fallback="users" />
                      <span>{org.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="profile-card__empty">{t('noOrganizations')}</p>
            )}
          </section>

          <section className="profile-card" aria-labelledby="profile-collections">
            <h2 id="profile-collections" className="profile-card__title">
              {t('collectionsHeading')}
            </h2>
            {collections.length ? (
              <ul className="profile-links" data-testid="profile-collections">
                {collections.map((c) => (
                  <li key={c.id}>
                    <Link href={`/collection/${encodeURIComponent(c.id)}`} className="profile-link">
                      <Avatar url={c.iconUrl} size={32} fallback="folder" />
                      <span className="profile-link__text">
                        <span>{c.name}</span>
                        <span className="profile-link__sub">
                          {t('collectionProjectCount', { count: c.projectCount })}
                          {c.visibility !== 'public' ? (
                            <span className={`visibility-pill visibility-pill--${c.visibility}`}>
                              <ProfileIcon name={c.visibility === 'private' ? 'lock' : 'eyeOff'} size={12} />
                              {t(`visibility.${c.visibility}`)}
                            </span>
                          ) : null}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="profile-card__empty">{t('noCollections')}</p>
            )}
          </section>

          <DetailsCard headingId="profile-details" id={user.id} idLabel={t('userId')} />
        </aside>

        <ProfileProjects headingId="profile-projects" projects={projects} type={type} basePath={basePath} mode={mode} seesHidden={profile.seesHidden} />
      </div>
    </div>
  )
}
