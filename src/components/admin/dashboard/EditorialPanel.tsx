import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import type { EditorialWork } from '@/lib/data/adminWork'
import { adminEditPath, ADMIN_ROOT } from '@/lib/adminPaths'

/** A news editor's work: drafts (news and changelog) and the publications scheduled, each linking to its edit view. */
export async function EditorialPanel({ work, date }: { work: EditorialWork; date: (iso: string) => string }) {
  const t = await getTranslations('AdminWork.editorial')
  const { drafts, scheduled } = work
  return (
    <section className="bf-work__panel" aria-labelledby="bf-work-editorial" data-testid="admin-work-editorial">
      <h3 id="bf-work-editorial" className="bf-work__panel-title">
        {t('heading')}
      </h3>
      <div className="bf-work__tiles">
        <div className="bf-work__tile" data-testid="admin-work-drafts" data-count={drafts.length}>
          <span className="bf-work__tile-label">{t('draftsLabel')}</span>
          <strong className="bf-work__count">{drafts.length}</strong>
          <span>{t('drafts', { count: drafts.length })}</span>
        </div>
        <div className="bf-work__tile" data-testid="admin-work-scheduled" data-count={scheduled.length}>
          <span className="bf-work__tile-label">{t('scheduledLabel')}</span>
          <strong className="bf-work__count">{scheduled.length}</strong>
          <span>{t('scheduled', { count: scheduled.length })}</span>
        </div>
      </div>
      <h4 className="bf-work__list-title">{t('draftsLabel')}</h4>
      {drafts.length ? (
        <ul className="bf-work__list" data-testid="admin-work-draft-list">
          {drafts.map((d) => (
            <li key={`${d.collection}:${d.id}`}>
              <span className="bf-work__kind">{t(`kinds.${d.collection}`)}</span> <Link href={adminEditPath(d.collection, d.id)}>{d.title}</Link>{' '}
              <span className="bf-work__detail">{t('edited', { date: date(d.updated) })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bf-work__detail">{t('draftsEmpty')}</p>
      )}
      <h4 className="bf-work__list-title">{t('scheduledLabel')}</h4>
      {scheduled.length ? (
        <ul className="bf-work__list" data-testid="admin-work-scheduled-list">
          {scheduled.map((s) => (
            <li key={`${s.collection}:${s.id}:${s.at}`}>
              <span className="bf-work__kind">{t(`kinds.${s.collection}`)}</span> <Link href={adminEditPath(s.collection, s.id)}>{s.title}</Link>{' '}
              <span className="bf-work__detail">{t(s.action === 'unpublish' ? 'unpublishAt' : 'publishAt', { date: date(s.at) })}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="bf-work__detail">{t('scheduledEmpty')}</p>
      )}
      <ul className="bf-work__links">
        <li>
          <Link href={`${ADMIN_ROOT}/collections/news/create`}>{t('newArticle')}</Link>
        </li>
        <li>
          <Link href={`${ADMIN_ROOT}/collections/changelog-entries/create`}>{t('newEntry')}</Link>
        </li>
      </ul>
    </section>
  )
}
