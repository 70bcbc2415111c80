import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import { projectTotals, projectTypeFromSegment, projectTypeSegment } from '@/lib/profile/projects'

import { Avatar } from './Avatar'
import { ProfileIcon } from './icons'
import { listingMode, loadCollectionPage } from './load'
import { DetailsCard, ProfileProjects } from './ProfileSections'
import { Stats } from './Stats'

export type CollectionRouteParams = Promise<{ id: string; projectType?: string }>

function typeOfRoute(segment: string | undefined) {
  if (segment === undefined) return null
  return projectTypeFromSegment(segment) ?? undefined
}

export async function collectionMetadata({ params }: { params: CollectionRouteParams }): Promise<Metadata> {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  const page = type === undefined ? null : await loadCollectionPage(id)
  if (!page || type === undefined) return notFoundMetadata('collection')
  const [t, site, types] = await Promise.all([getTranslations('Profile'), getTranslations('Site'), getTranslations('ProjectTypes')])
  const { collection } = page
  const title = type ? t('meta.collectionTypeTitle', { type: types(`${type}.plural`), name: collection.name }) : t('meta.collectionTitle', { name: collection.name })
  const description =
    collection.summary?.trim() ||
    collection.description?.trim().slice(0, 200) ||
    t('meta.collectionDescription', { username: page.owner?.username ?? '', site: site('name'), projects: t('collectionProjectCount', { count: page.projects.length }) })
  const path = `/collection/${encodeURIComponent(collection.id)}${type ? `/${projectTypeSegment(type)}` : ''}`
  const hidden = collection.visibility !== 'public'
  return {
    title,
    description,
    alternates: { canonical: path },
    // Unlisted and private collections stay out of search engines.
    robots: hidden ? { index: false, follow: false } : undefined,
    openGraph: { type: 'website', title, description, url: path, images: page.iconUrl ? [{ url: page.iconUrl }] : undefined },
    twitter: { card: 'summary', title, description },
  }
}

/** `/collection/{id}` and `/collection/{id}/{projectType}`; private collections are 404 to all but the owner and staff. */
export async function CollectionPage({ params }: { params: CollectionRouteParams }) {
  const { id, projectType } = await params
  const type = typeOfRoute(projectType)
  if (type === undefined) notFound()
  const page = await loadCollectionPage(id)
  if (!page) notFound()

  const [t, format, locale, mode] = await Promise.all([getTranslations('Profile'), getFormatter(), getLocale(), listingMode('collection')])
  const { collection, projects, owner } = page
  const totals = projectTotals(projects)
  const basePath = `/collection/${encodeURIComponent(collection.id)}`
  const visibility = collection.visibility ?? 'public'
  const date = (iso: string, key: 'created' | 'updated') => (
    <time dateTime={iso} title={format.dateTime(new Date(iso), { dateStyle: 'full', timeStyle: 'short' })}>
      {t(key, { date: format.dateTime(new Date(iso), { dateStyle: 'long' }) })}
    </time>
  )

  return (
    <div className="container profile-page" data-testid="collection-page">
      <header className="profile-hero">
        <Avatar url={page.iconUrl} size={96} fallback="folder" className="profile-hero__avatar" />
        <div className="profile-hero__text">
          <h1 className="profile-hero__title">
            {collection.name}
            {visibility !== 'public' ? (
              <span className={`visibility-pill visibility-pill--${visibility}`} data-testid="collection-visibility">
                <ProfileIcon name={visibility === 'private' ? 'lock' : 'eyeOff'} size={14} />
                {t(`visibility.${visibility}`)}
              </span>
            ) : null}
          </h1>
          {collection.summary ? <p className="profile-hero__lead">{collection.summary}</p> : null}
          {collection.description ? <p className="profile-hero__description">{collection.description}</p> : null}
          {!collection.summary && !collection.description ? <p className="profile-hero__lead profile-hero__lead--empty">{t('noDescription')}</p> : null}
          <p className="profile-hero__meta">
            <span>
              <ProfileIcon name="calendar" size={16} />
              {date(collection.createdAt, 'created')}
            </span>
            <span>
              <ProfileIcon name="clock" size={16} />
              {date(collection.updatedAt, 'updated')}
            </span>
          </p>
        </div>
        <Stats locale={locale} projects={projects.length} downloads={totals.downloads} followers={totals.followers} />
      </header>

      <div className="profile-layout">
        <aside className="profile-aside">
          {visibility === 'private' ? <p className="profile-notice profile-notice--private">{t('privateNotice')}</p> : null}
          <section className="profile-card" aria-labelledby="collection-owner">
            <h2 id="collection-owner" className="profile-card__title">
              {t('curatedBy')}
            </h2>
            {owner ? (
              <ul className="profile-links" data-testid="collection-owner">
                <li>
                  <Link href={`/user/${encodeURIComponent(owner.username)}`} className="profile-link">
                    <Avatar url={owner.avatarUrl} size={32} round fallback="user" />
                    <span className="profile-link__text">
                      <span>{owner.username}</span>
                      <span className="profile-link__sub">{t('owner')}</span>
                    </span>
                  </Link>
                </li>
              </ul>
            ) : null}
          </section>
          <DetailsCard headingId="collection-details" id={collection.id} idLabel={t('collectionId')} />
        </aside>

        <ProfileProjects headingId="collection-projects" projects={projects} type={type} basePath={basePath} mode={mode} />
      </div>
    </div>
  )
}
