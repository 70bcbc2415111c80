import type { Metadata } from 'next'
import Link from 'next/link'
import { notFound } from 'next/navigation'
import { getFormatter, getLocale, getTranslations } from 'next-intl/server'

import { removeProjectAction, unfollowFromCollectionAction } from '@/components/collections/actions'
import { OwnerActions } from '@/components/collections/OwnerActions'
import { notFoundMetadata } from '@/components/site/errors/notFoundMetadata'
import type { ProfileProject } from '@/lib/data/profile-pages'
import { projectTotals } from '@/lib/profile/projects'
import { projectTypeFromSegment, projectTypeSegment } from '@/lib/projectTypes'

import { Avatar } from './Avatar'
import { ProfileIcon } from '@/components/site/icons'
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
  const name = page.virtual ? (await getTranslations('Collections'))('following.name') : collection.name
  const title = type ? t('meta.collectionTypeTitle', { type: types(`${type}.plural`), name }) : t('meta.collectionTitle', { name })
  const description =
    collection.summary?.trim() ||
    collection.description?.trim().slice(0, 200) ||
    t('meta.collectionDescription', { username: page.owner?.username ?? '', site: site('name'), projects: t('collectionProjectCount', { count: page.projects.length }) })
  const path = `/collection/${encodeURIComponent(collection.id)}${type ? `/${projectTypeSegment(type)}` : ''}`
  const hidden = collection.visibility !== 'public'
  return {
    title,
    description,
    // A private collection has no feed (src/lib/feeds/collectionVersions.ts).
    alternates: { canonical: path, types: collection.visibility === 'private' ? undefined : { 'application/atom+xml': `/collection/${encodeURIComponent(collection.id)}/feed.atom` } },
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

  const [t, tc, te, format, locale, mode] = await Promise.all([getTranslations('Profile'), getTranslations('Collections'), getTranslations('CollectionExport'), getFormatter(), getLocale(), listingMode('collection')])
  const { collection, projects, owner } = page
  const name = page.virtual ? tc('following.name') : collection.name
  const summary = page.virtual ? tc('following.summary') : collection.summary
  const manages = page.isOwner && !page.virtual
  // The owner removes a project from their collection; on Followed projects, they unfollow it.
  const actionFor = page.isOwner
    ? (p: ProfileProject) => (
        <form action={page.virtual ? unfollowFromCollectionAction : removeProjectAction}>
          <input type="hidden" name="collection" value={collection.id} />
          <input type="hidden" name="project" value={p.id} />
          <button type="submit" className="button button--secondary button--small" aria-label={page.virtual ? tc('unfollowProject', { title: p.title }) : tc('removeProject', { title: p.title })}>
            {page.virtual ? tc('unfollow') : tc('remove')}
          </button>
        </form>
      )
    : undefined
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
        <Avatar url={page.iconUrl} size={96} fallback={page.virtual ? 'heart' : 'folder'} className="profile-hero__avatar" />
        <div className="profile-hero__text">
          <h1 className="profile-hero__title">
            {name}
            {visibility !== 'public' ? (
              <span className={`visibility-pill visibility-pill--${visibility}`} data-testid="collection-visibility">
                <ProfileIcon name={visibility === 'private' ? 'lock' : 'eyeOff'} size={14} />
                {t(`visibility.${visibility}`)}
              </span>
            ) : null}
          </h1>
          {summary ? <p className="profile-hero__lead">{summary}</p> : null}
          {collection.description ? <p className="profile-hero__description">{collection.description}</p> : null}
          {!summary && !collection.description ? <p className="profile-hero__lead profile-hero__lead--empty">{t('noDescription')}</p> : null}
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
          {manages ? (
            <OwnerActions id={collection.id} name={collection.name} summary={collection.summary ?? null} description={collection.description ?? null} visibility={visibility} hasIcon={!!page.iconUrl} />
          ) : null}
        </div>
        <Stats locale={locale} projects={projects.length} downloads={totals.downloads} followers={totals.followers} />
      </header>

      <div className="profile-layout">
        <aside className="profile-aside">
          {visibility === 'private' ? <p className="profile-notice profile-notice--private">{page.virtual ? tc('following.notice') : t('privateNotice')}</p> : null}
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
          {projects.length ? (
            <section className="profile-card" aria-labelledby="collection-export">
              <h2 id="collection-export" className="profile-card__title">
                {te('exportCard')}
              </h2>
              <ul className="profile-links">
                <li>
                  <Link href={`${basePath}/export`} className="profile-link">
                    <ProfileIcon name="download" size={18} />
                    <span className="profile-link__text">{te('exportLink')}</span>
                  </Link>
                </li>
                {visibility !== 'private' ? (
                  <li>
                    <a href={`${basePath}/feed.atom`} className="profile-link">
                      <ProfileIcon name="rss" size={18} />
                      <span className="profile-link__text">{te('feedLink')}</span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </section>
          ) : null}
          <DetailsCard headingId="collection-details" id={collection.id} idLabel={t('collectionId')} />
        </aside>

        <ProfileProjects headingId="collection-projects" projects={projects} type={type} basePath={basePath} mode={mode} actionFor={actionFor} />
      </div>
    </div>
  )
}
