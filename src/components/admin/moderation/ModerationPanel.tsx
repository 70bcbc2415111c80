import { getFormatter, getTranslations } from 'next-intl/server'
import type { UIFieldServerComponent } from 'payload'

import { actorOf, isAdmin, isStaff } from '@/access/core/roles'
import { ReplyForm } from '@/components/moderation/ReplyForm'
import { ThreadView } from '@/components/moderation/ThreadView'
import { projectThreadOf } from '@/lib/data/moderation'
import type { AuthUser, Viewer } from '@/lib/data/viewer'
import { as } from '@/lib/data/viewer'
import { decisionAllowed } from '@/lib/moderation/decide'
import { lockOf } from '@/lib/moderation/locks'
import { projectPath } from '@/lib/search/displayType'

import { ModerationControls, type LockButton } from './ModerationControls'

/**
 * The moderation panel beside a project's edit view, for staff only (issue 18 item 4): its status,
 * the review lock, approve / reject / withhold with a message, and the project's thread with its
 * team — the site's Moderation tab in the admin panel, on the same rules (src/lib/moderation).
 */
export const ModerationPanel: UIFieldServerComponent = async ({ id, payload, req }) => {
  const actor = actorOf(req)
  if (!id || !actor || !isStaff(actor)) return null
  const viewer: Viewer = { payload, user: req.user as AuthUser, req }
  const { docs } = await payload.find({ collection: 'projects', where: { id: { equals: String(id) } }, limit: 1, depth: 0, joins: false, ...as(viewer) })
  const project = docs[0]
  if (!project) return null
  const [t, tm, tp, format, lock, thread] = await Promise.all([
    getTranslations('AdminWork.moderation'),
    getTranslations('Moderation'),
    getTranslations('Project.status'),
    getFormatter(),
    lockOf(payload, project.id),
    projectThreadOf(viewer, project),
  ])
  const status = project.status ?? 'draft'
  const time = (iso: string) => format.dateTime(new Date(iso), { timeStyle: 'short' })
  const holder = lock && lock.moderatorId !== actor.id ? lock.moderatorId : null
  const holderName = holder ? ((await payload.findByID({ collection: 'users', id: holder, depth: 0, select: { username: true }, overrideAccess: true, disableErrors: true, req }))?.username ?? holder) : ''
  const lockText = !lock ? tm('lock.free') : holder ? tm('lock.other', { name: holderName, time: time(lock.expiresAt) }) : tm('lock.mine', { time: time(lock.expiresAt) })
  const lockButtons: LockButton[] = [
    ...(!lock || !holder ? [{ op: 'take' as const, label: tm('lock.take') }] : []),
    ...(holder && isAdmin(actor) ? [{ op: 'override' as const, label: tm('lock.override') }] : []),
    ...(lock && (!holder || isAdmin(actor)) ? [{ op: 'release' as const, label: tm('lock.release') }] : []),
  ]
  const canApprove = decisionAllowed('approve', status)
  // Another moderator's live lock: no decision to offer (an admin's decision overrides it). A page
  // opened before the lock was taken still offers it, and the server refuses, naming the holder.
  const canDecide = (canApprove || decisionAllowed('reject', status)) && (!holder || isAdmin(actor))
  const sitePath = `${projectPath(project.projectType, project.loaders ?? [], project.slug ?? project.id)}/moderation`

  return (
    <section className="bf-moderation" aria-labelledby="bf-moderation-title" data-testid="admin-moderation">
      <h3 id="bf-moderation-title" className="bf-moderation__title">
        {t('heading')}
      </h3>
      <p data-testid="admin-moderation-status">{t('status', { status: tp.has(status as never) ? tp(status as never) : status })}</p>
      {status === 'processing' && project.queued ? <p className="bf-work__detail">{t('queued', { date: format.dateTime(new Date(project.queued), { dateStyle: 'medium', timeStyle: 'short' }) })}</p> : null}
      <ModerationControls
        projectId={project.id}
        lockText={lockText}
        lockButtons={lockButtons}
        canDecide={canDecide}
        canApprove={canApprove}
        texts={{
          decision: tm('decision.heading'),
          message: tm('decision.message'),
          messageHint: t('messageHint'),
          approve: tm('decision.approve'),
          reject: tm('decision.reject'),
          withhold: tm('decision.withhold'),
          lockHeading: tm('lock.heading'),
          done: { approve: t('done.approve'), reject: t('done.reject'), withhold: t('done.withhold') },
          failed: tm('errors.failed'),
        }}
      />
      <h4 className="bf-moderation__subtitle">{t('threadHeading')}</h4>
      <div className="bf-moderation__thread">
        <ThreadView thread={thread} label={t('threadHeading')} />
      </div>
      {thread ? (
        <ReplyForm threadId={thread.id} back={`/admin/collections/projects/${project.id}`} staff look="admin" texts={{ reply: tm('thread.reply'), private: tm('thread.private'), send: tm('thread.send') }} />
      ) : null}
      <p>
        <a href={sitePath}>{t('onSite')}</a>
      </p>
    </section>
  )
}
