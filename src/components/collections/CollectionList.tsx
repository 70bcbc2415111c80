import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { Avatar } from '@/components/profile/Avatar'
import { ProfileIcon } from '@/components/site/icons'
import type { OwnCollection } from '@/lib/data/collections'

/** The dashboard's collection cards: icon, name, summary, visibility and project count. */
export async function CollectionList({ collections, emptyText }: { collections: OwnCollection[]; emptyText: string }) {
  if (collections.length === 0) return <p className="empty-state profile-empty">{emptyText}</p>
  const [t, profile] = await Promise.all([getTranslations('Collections'), getTranslations('Profile')])
  return (
    <ul className="collection-cards" aria-label={t('dashboard.listLabel')}>
      {collections.map((c) => (
        <li key={c.id} className="collection-card" data-testid="collection-card">
          <Avatar url={c.iconUrl} size={56} fallback={c.virtual ? 'heart' : 'folder'} className="collection-card__icon" />
          <div className="collection-card__body">
            <h2 className="collection-card__title">
              <Link href={`/collection/${encodeURIComponent(c.id)}`}>{c.name}</Link>
            </h2>
            {c.summary ? <p className="collection-card__summary">{c.summary}</p> : null}
            <p className="collection-card__meta">
              <span>{profile('collectionProjectCount', { count: c.projectIds.length })}</span>
              <span className={`visibility-pill visibility-pill--${c.visibility}`}>
                <ProfileIcon name={c.visibility === 'private' ? 'lock' : c.visibility === 'unlisted' ? 'eyeOff' : 'users'} size={14} />
                {profile(`visibility.${c.visibility}`)}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
