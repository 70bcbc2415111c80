import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { CollectionList } from '@/components/collections/CollectionList'
import { CreateCollectionButton } from '@/components/collections/CreateCollectionButton'
import { DashboardFrame } from '@/components/dashboard/DashboardFrame'
import { requireUser } from '@/lib/auth/guard'
import { matchesName } from '@/lib/collections/rules'
import { followingCollection, ownCollections } from '@/lib/data/collections'
import { currentViewer } from '@/lib/data/currentViewer'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Collections')
  return { title: t('dashboard.title'), robots: { index: false } }
}

/** /dashboard/collections (auth, spec §2): the user's collections with a name search, and "Create new". */
export default async function DashboardCollectionsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUser()
  const [t, params, viewer] = await Promise.all([getTranslations('Collections'), searchParams, currentViewer()])
  const query = typeof params.q === 'string' ? params.q.slice(0, 64) : ''
  const [mine, following] = await Promise.all([ownCollections(viewer, query), followingCollection(viewer)])
  const followingName = t('following.name')
  const shown = [...(following && matchesName(followingName, query) ? [{ ...following, name: followingName, summary: t('following.summary') }] : []), ...mine]
  return (
    <DashboardFrame active="collections" title={t('dashboard.title')} lead={t('dashboard.lead')} actions={<CreateCollectionButton />}>
      {params.deleted ? (
        <p className="project-settings__saved" role="status">
          {t('delete.done')}
        </p>
      ) : null}
      <form role="search" method="get" className="collection-search" aria-label={t('dashboard.searchLabel')}>
        <label htmlFor="collection-search" className="visually-hidden">
          {t('dashboard.searchLabel')}
        </label>
        <input id="collection-search" type="search" name="q" defaultValue={query} placeholder={t('dashboard.searchPlaceholder')} className="project-settings__input" maxLength={64} />
        <button type="submit" className="button button--secondary">
          {t('dashboard.search')}
        </button>
      </form>
      <CollectionList collections={shown} emptyText={query ? t('dashboard.noMatches', { query }) : t('dashboard.none')} />
    </DashboardFrame>
  )
}
