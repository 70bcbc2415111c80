import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import { ReplyForm } from '@/components/moderation/ReplyForm'
import { ThreadView } from '@/components/moderation/ThreadView'
import type { ReportDetail } from '@/lib/data/reports'
import { reasonNamer } from '@/lib/reports/reasonNames'

import { closeReportAction } from './actions'

/** One report and its thread: for the reporter (/dashboard/report/{id}) and for staff (/moderation/reports/{id}, with close and reopen). */
export async function ReportView({ report, back, staff }: { report: ReportDetail; back: string; staff: boolean }) {
  const [t, tm, format, reasonName] = await Promise.all([getTranslations('Reports.detail'), getTranslations('Moderation'), getFormatter(), reasonNamer()])
  return (
    <article className="report-view" aria-labelledby="report-heading">
      <header className="report-view__head">
        <h2 id="report-heading" className="project-settings__subheading">
          {t('heading', { item: report.item.label })}
        </h2>
        <span className={report.closed ? 'status-badge status-badge--archived' : 'status-badge status-badge--processing'}>{report.closed ? t('closed') : t('open')}</span>
      </header>
      <p>{report.item.path ? <Link href={report.item.path}>{report.item.label}</Link> : report.item.label}</p>
      <p className="project-settings__hint">
        {t('reason', { reason: reasonName(report.reason) })} · {t('filed', { date: format.dateTime(new Date(report.created), { dateStyle: 'medium', timeStyle: 'short' }), reporter: report.reporter ?? '—' })}
      </p>
      <p className="moderation-message__text report-view__body">{report.body}</p>
      {staff ? (
        <form action={closeReportAction}>
          <input type="hidden" name="report" value={report.id} />
          <input type="hidden" name="closed" value={report.closed ? 'false' : 'true'} />
          <button type="submit" className="button button--secondary">
            {report.closed ? t('reopen') : t('close')}
          </button>
        </form>
      ) : null}
      <h2 className="project-settings__subheading">{t('thread')}</h2>
      <ThreadView thread={report.thread} label={t('thread')} />
      {report.thread ? <ReplyForm threadId={report.thread.id} back={back} staff={staff} texts={{ reply: tm('thread.reply'), private: tm('thread.private'), send: tm('thread.send') }} /> : null}
    </article>
  )
}
