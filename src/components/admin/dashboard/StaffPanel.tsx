import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import type { StaffWork } from '@/lib/data/adminWork'

import { adminEditPath, ADMIN_QUEUE_PATH } from '@/lib/adminPaths'

/** Staff's work: the review queue (size, oldest item), open reports and flagged files, linking to where each is handled. */
export async function StaffPanel({ work, date }: { work: StaffWork; date: (iso: string) => string }) {
  const t = await getTranslations('AdminWork.staff')
  const { queue, openReports, flaggedFiles } = work
  return (
    <section className="bf-work__panel" aria-labelledby="bf-work-staff" data-testid="admin-work-staff">
      <h3 id="bf-work-staff" className="bf-work__panel-title">
        {t('heading')}
      </h3>
      <div className="bf-work__tiles">
        <div className="bf-work__tile" data-testid="admin-work-queue" data-count={queue.size}>
          <span className="bf-work__tile-label">{t('queueLabel')}</span>
          <strong className="bf-work__count">{queue.size}</strong>
          <span>{t('queue', { count: queue.size })}</span>
          {queue.oldest ? (
            <span className="bf-work__detail" data-testid="admin-work-oldest">
              {t.rich('oldest', {
                title: queue.oldest.title,
                date: date(queue.oldest.queued),
                link: (chunks) => <Link href={adminEditPath('projects', queue.oldest!.id)}>{chunks}</Link>,
              })}
            </span>
          ) : null}
        </div>
        <div className="bf-work__tile" data-testid="admin-work-reports" data-count={openReports}>
          <span className="bf-work__tile-label">{t('reportsLabel')}</span>
          <strong className="bf-work__count">{openReports}</strong>
          <span>{t('reports', { count: openReports })}</span>
        </div>
        {/* The technical-review scanner's findings no moderator has judged yet. */}
        {flaggedFiles !== null ? (
          <div className="bf-work__tile" data-testid="admin-work-flagged" data-count={flaggedFiles}>
            <span className="bf-work__tile-label">{t('flaggedLabel')}</span>
            <strong className="bf-work__count">{flaggedFiles}</strong>
            <span>{t('flagged', { count: flaggedFiles })}</span>
          </div>
        ) : null}
      </div>
      <ul className="bf-work__links">
        <li>
          <Link href={ADMIN_QUEUE_PATH}>{t('adminQueue')}</Link>
        </li>
        <li>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- from the admin panel, another root layout, to the site: a full load */}
          <a href="/moderation">{t('siteQueue')}</a>
        </li>
        <li>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- from the admin panel, another root layout, to the site: a full load */}
          <a href="/moderation/reports">{t('siteReports')}</a>
        </li>
        <li>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- from the admin panel, another root layout, to the site: a full load */}
          <a href="/moderation/technical-review">{t('technicalReview')}</a>
        </li>
      </ul>
    </section>
  )
}
