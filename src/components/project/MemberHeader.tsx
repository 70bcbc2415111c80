import Link from 'next/link'
import { getFormatter, getTranslations } from 'next-intl/server'

import type { NagFix, NagLevel } from '@/lib/checklist/nags'
import type { MemberHeaderData } from '@/lib/data/memberHeader'
import { roughDuration, type WaitEstimate } from '@/lib/moderation/wait'

import { InvitationForm, SubmitForm } from './MemberForms'

/** Fix pages that exist today; an item whose page is still to come shows without a link. */
const FIX_PAGES: ReadonlySet<NagFix> = new Set(['version/new', 'gallery', 'settings', 'settings/description', 'settings/license', 'settings/links', 'settings/tags'])
const LEVELS: NagLevel[] = ['required', 'warning', 'suggestion']

/** Where the project stands in the review queue, and how long reviews take lately. */
async function ReviewWait({ wait }: { wait: WaitEstimate }) {
  const t = await getTranslations('Moderation')
  const typical = wait.typicalMs === null ? null : roughDuration(wait.typicalMs)
  return (
    <p className="member-header__wait" data-testid="review-wait">
      {t('wait.position', { position: wait.position })}{' '}
      {typical ? t('wait.typical', { duration: t(`duration.${typical.unit}`, { value: typical.value }) }) : t('wait.noTypical')}
    </p>
  )
}

/**
 * The project member header (spec §2): an invitation to accept or decline, the publishing
 * checklist with a link to where each item is fixed, and submit / resubmit for review.
 */
export async function MemberHeader({ data, projectId, projectPath, currentPath }: { data: MemberHeaderData; projectId: string; projectPath: string; currentPath: string }) {
  const [t, ti, format] = await Promise.all([getTranslations('Checklist'), getTranslations('Invitation'), getFormatter()])
  const { invitation, nags, status } = data
  const required = nags?.filter((n) => n.level === 'required') ?? []
  const labelledBy = nags ? 'member-header-checklist' : invitation ? 'member-header-invitation' : status === 'processing' ? 'member-header-review' : undefined
  return (
    <section className="member-header" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : t('teamTools')}>
      {data.member ? (
        <p className="member-header__tools">
          {data.canUpload ? (
            <Link href={`${projectPath}/version/new`} className="button button--secondary">
              {t('newVersion')}
            </Link>
          ) : null}
          <Link href={`${projectPath}/settings`} className="button button--secondary">
            {t('settings')}
          </Link>
        </p>
      ) : null}
      {invitation ? (
        <div className="member-header__invitation">
          <h2 id="member-header-invitation" className="member-header__title">{ti('title')}</h2>
          <p>{invitation.role ? ti('bodyWithRole', { role: invitation.role }) : ti('body')}</p>
          <InvitationForm invitationId={invitation.id} back={currentPath} labels={{ accept: ti('accept'), decline: ti('decline') }} />
        </div>
      ) : null}
      {/* A status: right after submitting, this replaces the checklist and says it worked. */}
      {status === 'processing' ? <p id="member-header-review" role="status" className="member-header__review">{t('underReview')}</p> : null}
      {data.wait ? <ReviewWait wait={data.wait} /> : null}
      {data.onTeam && (status === 'rejected' || status === 'withheld') ? (
        <p className="member-header__review">
          <Link href={`${projectPath}/moderation`}>{t('readModeratorMessage')}</Link>
        </p>
      ) : null}
      {nags ? (
        <div className="member-header__checklist">
          <h2 id="member-header-checklist" className="member-header__title">{t('title')}</h2>
          <p className="member-header__progress">{required.length === 0 ? t('allDone') : t('remaining', { count: required.length })}</p>
          {nags.length ? (
            <ul className="checklist">
              {[...nags].sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level)).map((nag) => (
                <li key={nag.id} className={`checklist__item checklist__item--${nag.level}`} data-nag={nag.id}>
                  <span className={`checklist__level checklist__level--${nag.level}`}>{t(`levels.${nag.level}`)}</span>
                  <div className="checklist__text">
                    <strong>{t(`nags.${nag.id}.title` as never)}</strong>
                    <span>{t(`nags.${nag.id}.description` as never, (nag.values ?? {}) as never)}</span>
                  </div>
                  {FIX_PAGES.has(nag.fix) ? (
                    <Link className="checklist__fix" href={`${projectPath}/${nag.fix}`}>
                      {t('fix')}
                      <span className="visually-hidden">: {t(`nags.${nag.id}.title` as never)}</span>
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {data.canSubmit ? (
            <SubmitForm
              projectId={projectId}
              back={currentPath}
              blocked={required.length > 0}
              labels={{
                submit: status === 'draft' ? t('submit') : t('resubmit'),
                disabled: t('submitDisabled'),
                submitted: t('submitted'),
                left: t('submitBlocked', { steps: format.list(required.map((n) => t(`nags.${n.id}.title` as never))) }),
              }}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
