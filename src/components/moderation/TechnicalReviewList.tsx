import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import type { ReviewProject } from '@/lib/data/technicalReview'
import { SEVERITIES } from '@/lib/files/scanner'
import { REVIEW_SORTS, REVIEW_STATES, type ReviewSort, type ReviewState } from '@/lib/moderation/technicalReview'
import type { Severity } from '@/lib/files/scanner'

import { VerdictButtons } from './VerdictButtons'

type Filters = { minSeverity: Severity; state: ReviewState; sort: ReviewSort; q: string }

/**
 * The technical review screen: filters, then each flagged project with its files and their findings,
 * a verdict per finding. `demo` (the mockup route) shows the same screen with inert buttons.
 */
export async function TechnicalReviewList({ projects, filters, action, demo = false }: { projects: ReviewProject[]; filters: Filters; action: string; demo?: boolean }) {
  const [t, tt, format] = await Promise.all([getTranslations('Moderation'), getTranslations('ProjectTypes'), getFormatter()])
  const when = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <>
      <form method="get" action={action} className="moderation-filters" role="search" aria-label={t('technical.search')}>
        <label>
          {t('technical.minSeverity')}
          <select name="severity" defaultValue={filters.minSeverity} className="project-settings__input">
            {SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`technical.severity.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('technical.state')}
          <select name="state" defaultValue={filters.state} className="project-settings__input">
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`technical.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('technical.sort')}
          <select name="sort" defaultValue={filters.sort} className="project-settings__input">
            {REVIEW_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`technical.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('technical.search')}
          <input type="search" name="q" defaultValue={filters.q} className="project-settings__input" maxLength={100} />
        </label>
        <button type="submit" className="button button--secondary">
          {t('technical.apply')}
        </button>
      </form>
      <p className="moderation-count" role="status">
        {t('technical.count', { count: projects.length })}
      </p>
      {projects.length === 0 ? <p className="empty-note">{t('technical.empty')}</p> : <p className="technical-review__warning">{t('technical.maliciousWarning')}</p>}
      {demo ? null : (
        <p className="technical-review__warning">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- into the admin panel, another root layout: a full load */}
          <a href="/admin/collections/malicious-hashes">{t('technical.hashList')}</a>
        </p>
      )}
      <ol className="technical-review">
        {projects.map((p) => (
          <li key={p.id} className="technical-review__project" data-testid="flagged-project">
            <header className="technical-review__head">
              <h2 className="technical-review__title">
                <Link href={`${p.path}/moderation`}>{p.title}</Link> <span className="moderation-queue__type">{tt(`${p.projectType as 'mod'}.singular`)}</span>
              </h2>
              <span className={`severity-badge severity-badge--${p.highest}`}>{t(`technical.severity.${p.highest}`)}</span>
              <p className="technical-review__meta">
                {t('technical.status', { status: p.status })} · {t('technical.found', { date: when(p.firstFound) })} · {t('technical.pending', { count: p.pending })}
              </p>
            </header>
            {p.files.map((file) => (
              <section key={file.id} className="technical-review__file" aria-label={file.filename}>
                <h3 className="technical-review__filename">
                  <code>{file.filename}</code>
                  {file.versionNumber ? <span className="technical-review__version"> {t('technical.version', { version: file.versionNumber })}</span> : null}
                  {file.quarantined ? <span className="severity-badge severity-badge--critical">{t('technical.quarantined')}</span> : null}
                </h3>
                <table className="technical-review__findings">
                  <thead>
                    <tr>
                      <th scope="col">{t('technical.table.severity')}</th>
                      <th scope="col">{t('technical.table.kind')}</th>
                      <th scope="col">{t('technical.table.where')}</th>
                      <th scope="col">{t('technical.table.verdict')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {file.findings.map((f) => (
                      <tr key={f.id} data-testid="finding" data-kind={f.kind} data-entry={f.entry ?? undefined}>
                        <td>
                          <span className={`severity-badge severity-badge--${f.severity}`}>{t(`technical.severity.${f.severity}`)}</span>
                        </td>
                        <td>
                          <strong>{t(`technical.kinds.${f.kind}`)}</strong>
                          <br />
                          {f.detail}
                        </td>
                        <td>{f.entry ? <code className="technical-review__entry">{f.entry}</code> : '—'}</td>
                        <td>
                          {f.verdict === 'pending' ? (
                            <VerdictButtons findingId={f.id} demo={demo} labels={{ safe: t('technical.markSafe'), malicious: t('technical.markMalicious'), safeOf: t('technical.markSafeOf', { detail: f.detail }), maliciousOf: t('technical.markMaliciousOf', { detail: f.detail }) }} />
                          ) : (
                            <span className={`verdict verdict--${f.verdict}`}>{t('technical.decidedBy', { verdict: t(`technical.verdicts.${f.verdict}`), name: f.decidedBy ?? '—', date: f.decidedAt ? when(f.decidedAt) : '—' })}</span>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </section>
            ))}
          </li>
        ))}
      </ol>
    </>
  )
}
