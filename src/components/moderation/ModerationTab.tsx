import { notFound } from 'next/navigation'
import { getFormatter, getTranslations } from 'next-intl/server'

import { actorOf, isAdmin, isStaff } from '@/access/core/roles'
import { lockOf } from '@/lib/moderation/locks'
import { CHECKLIST_STAGES, type ChecklistStage } from '@/lib/moderation/checklist'
import { decisionAllowed, DECISIONS, type Decision } from '@/lib/moderation/decide'
import { projectThreadOf } from '@/lib/data/moderation'
import { currentViewer } from '@/lib/data/currentViewer'
import { type ProjectPageData } from '@/lib/data/page-project'
import { isInsider } from '@/lib/data/viewer'

import { DecisionPanel } from './DecisionPanel'
import { LockBar } from './LockBar'
import { ReplyForm } from './ReplyForm'
import { ThreadView } from './ThreadView'

/**
 * The project's Moderation tab (spec §2): the thread between the team and staff — reachable even
 * after approval —, the status-change history within it, the project's place in the review queue,
 * and for staff the review lock and the decision with the moderator checklist. 404 to everyone else.
 */
export async function ModerationTab({ data, decided }: { data: ProjectPageData; decided?: string }) {
  const viewer = await currentViewer()
  if (!viewer.user || !(await isInsider(viewer, data.project))) notFound()
  const actor = actorOf(viewer.req)!
  const staff = isStaff(actor)
  const { project } = data
  const [t, format, thread, lock] = await Promise.all([
    getTranslations('Moderation'),
    getFormatter(),
    projectThreadOf(viewer, project),
    staff ? lockOf(viewer.payload, project.id) : Promise.resolve(null),
  ])
  const time = (iso: string) => format.dateTime(new Date(iso), { timeStyle: 'short' })
  const lockHolder = lock ? (lock.moderatorId === actor.id ? null : lock.moderatorId) : null
  const holderName = lockHolder ? ((await viewer.payload.findByID({ collection: 'users', id: lockHolder, depth: 0, select: { username: true }, overrideAccess: true, disableErrors: true }))?.username ?? lockHolder) : ''
  const stages: ChecklistStage[] = Object.entries(CHECKLIST_STAGES).map(([id, problems]) => ({
    id,
    title: t(`stages.${id}.title` as never),
    problems: problems.map((p) => ({ id: p, text: t(`stages.${id}.${p}` as never) })),
  }))
  const canDecide = staff && (decisionAllowed('reject', project.status ?? 'draft') || decisionAllowed('approve', project.status ?? 'draft'))
  const back = `${data.path}/moderation`
  // Staff are not the team: the thread is introduced to each side as its own.
  const heading = staff ? t('thread.staffHeading') : t('thread.heading')

  return (
    <section className="project-section moderation-tab" aria-labelledby="moderation-title">
      <h2 id="moderation-title" className="section-title">
        {heading}
      </h2>
      {staff && decided && (DECISIONS as readonly string[]).includes(decided) ? (
        <p className="project-settings__saved" role="status">
          {t(`decided.${decided as Decision}`)}
        </p>
      ) : null}
      {staff ? (
        <div className="moderation-staff">
          <LockBar
            projectId={project.id}
            back={back}
            text={!lock ? t('lock.free') : lockHolder ? t('lock.other', { name: holderName, time: time(lock.expiresAt) }) : t('lock.mine', { time: time(lock.expiresAt) })}
            buttons={[
              ...(!lock || lockHolder === null ? [{ op: 'take' as const, label: t('lock.take') }] : []),
              ...(lockHolder && isAdmin(actor) ? [{ op: 'override' as const, label: t('lock.override') }] : []),
              ...(lock && (lockHolder === null || isAdmin(actor)) ? [{ op: 'release' as const, label: t('lock.release') }] : []),
            ]}
          />
          {canDecide && !lockHolder ? (
            <DecisionPanel
              projectId={project.id}
              back={back}
              stages={stages}
              canApprove={decisionAllowed('approve', project.status ?? 'draft')}
              texts={{ heading: t('decision.heading'), checklist: t('decision.checklist'), message: t('decision.message'), messageHint: t('decision.messageHint'), approve: t('decision.approve'), reject: t('decision.reject'), withhold: t('decision.withhold'), intro: t('decision.intro') }}
            />
          ) : null}
        </div>
      ) : null}
      <p className="project-settings__hint">{staff ? t('thread.staffLead') : t('thread.lead')}</p>
      <ThreadView thread={thread} label={heading} />
      {thread ? <ReplyForm threadId={thread.id} back={back} staff={staff} texts={{ reply: t('thread.reply'), private: t('thread.private'), send: t('thread.send') }} /> : null}
    </section>
  )
}
