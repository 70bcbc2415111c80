'use client'

import { useRouter } from 'next/navigation'
import { useFormatter, useTranslations } from 'next-intl'
import { useState, type FormEvent } from 'react'

import { cancelReleaseAction, scheduleReleaseAction, type ScheduleResult } from './scheduleActions'

const RELEASE_AS = ['listed', 'unlisted', 'archived', 'draft'] as const

type Props = {
  versionId: string
  /** The version's status now, and while scheduled what it becomes and when. */
  status: string
  requestedStatus: string | null
  releaseAt: string | null
  /** May schedule (EDIT_DETAILS); anyone on this page may call a release off. */
  canSchedule: boolean
}

/**
 * "Schedule release" on the version edit page: a date and time (the member's own time zone) and
 * the status to release as; while scheduled, when it goes out, and calling it off.
 */
export function ScheduleRelease({ versionId, status, requestedStatus, releaseAt, canSchedule }: Props) {
  const t = useTranslations('VersionForm.schedule')
  const ts = useTranslations('VersionForm.statuses')
  const format = useFormatter()
  const router = useRouter()
  const scheduled = status === 'scheduled'
  // Empty at first: the browser's time zone is unknown while rendering on the server.
  const [time, setTime] = useState('')
  const [releaseAs, setReleaseAs] = useState<string>(scheduled && requestedStatus ? requestedStatus : 'listed')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function run(action: () => Promise<ScheduleResult>, done: string) {
    setBusy(true)
    setError(null)
    setNotice(null)
    const result = await action().catch(() => ({ error: t('errors.failed') }) as ScheduleResult)
    setBusy(false)
    if (result.error) return setError(result.error)
    setNotice(done)
    router.refresh()
  }

  function onSchedule(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const when = time ? new Date(time) : null
    if (!when || Number.isNaN(when.getTime())) return setError(t('errors.time'))
    void run(() => scheduleReleaseAction({ versionId, time: when.toISOString(), requestedStatus: releaseAs }), t('done'))
  }

  if (!scheduled && !canSchedule) return null
  return (
    <section className="project-settings__schedule" aria-labelledby="sr-title">
      <h2 id="sr-title" className="project-settings__subheading">{t('heading')}</h2>
      {scheduled && releaseAt ? (
        <>
          <p data-testid="scheduled-release">
            {t('scheduledFor', { status: ts((requestedStatus ?? 'listed') as (typeof RELEASE_AS)[number]), date: format.dateTime(new Date(releaseAt), { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }) })}
          </p>
          <div className="version-form__actions">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => run(() => cancelReleaseAction({ versionId, status: 'draft' }), t('cancelled'))}>{t('cancelToDraft')}</button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => run(() => cancelReleaseAction({ versionId, status: 'listed' }), t('cancelled'))}>{t('cancelToListed')}</button>
          </div>
        </>
      ) : (
        <p>{t('body')}</p>
      )}
      {canSchedule ? (
        <form onSubmit={onSchedule} className="project-settings__row" noValidate>
          <div className="project-settings__field">
            <label htmlFor="sr-time" className="project-settings__label">{t('time')}</label>
            <input id="sr-time" type="datetime-local" step={1} value={time} onChange={(e) => setTime(e.target.value)} className="project-settings__input" aria-describedby="sr-time-hint" required />
            <p id="sr-time-hint" className="project-settings__hint">{t('timeHint')}</p>
          </div>
          <div className="project-settings__field">
            <label htmlFor="sr-status" className="project-settings__label">{t('releaseAs')}</label>
            <select id="sr-status" value={releaseAs} onChange={(e) => setReleaseAs(e.target.value)} className="project-settings__input">
              {RELEASE_AS.map((s) => <option key={s} value={s}>{ts(s)}</option>)}
            </select>
          </div>
          <div className="project-settings__field project-settings__field--action">
            <button type="submit" className="button button--primary" disabled={busy}>{scheduled ? t('reschedule') : t('submit')}</button>
          </div>
        </form>
      ) : null}
      {error ? <p className="project-settings__error" role="alert">{error}</p> : null}
      {notice ? <p className="settings-form__status" role="status">{notice}</p> : null}
    </section>
  )
}
