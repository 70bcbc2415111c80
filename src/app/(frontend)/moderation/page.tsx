import type { Metadata } from 'next'
import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { moderationQueue, moderatorThroughput, QUEUE_SORTS, type QueueSort } from '@/lib/data/moderation'
import { roughDuration } from '@/lib/moderation/wait'
import { isProjectType, SITE_PROJECT_TYPES } from '@/lib/projectTypes'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Moderation')
  return { title: t('metaTitle'), robots: { index: false, follow: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

/** /moderation: the review queue (projects under review) with filter, sort and search; staff only. */
export default async function ModerationQueuePage({ searchParams }: Props) {
  const viewer = await requireModerator()
  const params = await searchParams
  const type = isProjectType(one(params.type)) ? one(params.type) : ''
  const sort: QueueSort = (QUEUE_SORTS as readonly string[]).includes(one(params.sort)) ? (one(params.sort) as QueueSort) : 'oldest'
  const q = one(params.q).slice(0, 100)
  const [t, tt, format, items, stats] = await Promise.all([getTranslations('Moderation'), getTranslations('ProjectTypes'), getFormatter(), moderationQueue(viewer, { type: type || undefined, sort, q }), moderatorThroughput(viewer)])
  const queue = items ?? []
  const oldest = queue.reduce<string | null>((min, i) => (!min || i.queued < min ? i.queued : min), null)
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  const typical = stats.typicalMs === null ? null : roughDuration(stats.typicalMs)
  return (
    <ModerationFrame active="projects" title={t('queue.heading')} lead={t('queue.lead')}>
      <section className="settings-card moderation-stats" aria-labelledby="moderation-stats">
        <h2 id="moderation-stats" className="settings-card__title">
          {t('stats.heading')}
        </h2>
        <ul>
          <li>{t('stats.mine', { count: stats.mine })}</li>
          <li>{t('stats.team', { count: stats.team })}</li>
          <li>{typical ? t('stats.typical', { duration: t(`duration.${typical.unit}`, { value: typical.value }) }) : t('stats.noTypical')}</li>
        </ul>
      </section>
      <form method="get" action="/moderation" className="moderation-filters" role="search" aria-label={t('queue.search')}>
        <label>
          {t('queue.type')}
          <select name="type" defaultValue={type} className="project-settings__input">
            <option value="">{t('queue.allTypes')}</option>
            {SITE_PROJECT_TYPES.map((p) => (
              <option key={p} value={p}>
                {tt(`${p}.plural`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('queue.sort')}
          <select name="sort" defaultValue={sort} className="project-settings__input">
            {QUEUE_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`queue.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('queue.search')}
          <input type="search" name="q" defaultValue={q} className="project-settings__input" maxLength={100} />
        </label>
        <button type="submit" className="button button--secondary">
          {t('queue.apply')}
        </button>
      </form>
      <p className="moderation-count" role="status">
        {t('queue.count', { count: queue.length })}
        {oldest ? ` · ${t('queue.oldest', { date: when(oldest) })}` : ''}
      </p>
      {queue.length === 0 ? (
        <p className="empty-note">{t('queue.empty')}</p>
      ) : (
        <ol className="moderation-queue">
          {queue.map((item) => (
            <li key={item.id} className="moderation-queue__item" data-testid="queue-item">
              {item.iconUrl ? <img src={item.iconUrl} alt="" width={48} height={48} className="moderation-queue__icon" /> : <span className="moderation-queue__icon" aria-hidden="true" />}
              <div className="moderation-queue__text">
                <p className="moderation-queue__title">
                  <Link href={`${item.path}/moderation`}>{item.title}</Link> <span className="moderation-queue__type">{tt(`${item.projectType as 'mod'}.singular`)}</span>
                </p>
                <p className="moderation-queue__summary">{item.summary}</p>
                <p className="moderation-queue__meta">
                  {t('queue.queued', { date: when(item.queued) })}
                  {item.lock ? ` · ${t('queue.lockedBy', { name: item.lock.moderator, time: format.dateTime(new Date(item.lock.expiresAt), { timeStyle: 'short' }) })}` : ''}
                </p>
              </div>
              <Link href={`${item.path}/moderation`} className="button button--secondary button--small" aria-label={t('queue.reviewOf', { title: item.title })}>
                {t('queue.review')}
              </Link>
            </li>
          ))}
        </ol>
      )}
    </ModerationFrame>
  )
}
