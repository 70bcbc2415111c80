import type { CollectionAfterChangeHook, PayloadRequest } from 'payload'

import { actorOf } from '../../access/core/roles'
import { relationId } from '../../lib/ids'
import { invitation, NOTIFIED_STATUSES, projectUpdate, reportAnswered, statusChange } from '../../lib/notifications/messages'
import { notify } from '../../lib/notifications/notify'
import { isListed } from '../../lib/projectStatus'
import { versionPath } from '../../lib/project/versions'
import { projectPath } from '../../lib/search/displayType'

/*
 * The notifications the site sends (issue 14): an invitation to a team, a moderator's decision on a
 * project, a new version of a followed project, an answer to a report (issue 34). Written in the
 * change's own transaction; bulk writers (the seed, imports) set `skipNotifications`.
 */
const skip = (req: PayloadRequest) => req.context?.skipNotifications === true || req.context?.skipSearchIndex === true
const sys = (req: PayloadRequest) => ({ req, overrideAccess: true, depth: 0 }) as const

async function projectOf(req: PayloadRequest, id: string) {
  return req.payload.findByID({ ...sys(req), collection: 'projects', id, joins: false, disableErrors: true, select: { title: true, slug: true, projectType: true, loaders: true, status: true, team: true } })
}

const pathOf = (p: { projectType: string; loaders?: string[] | null; slug?: string | null; id: string }) => projectPath(p.projectType, p.loaders ?? [], p.slug ?? p.id)

/** team-members: a new invitation tells the invitee. */
export const notifyInvitation: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (skip(req) || operation !== 'create' || doc.accepted || doc.isOwner) return doc
  const team = relationId(doc.team)
  if (!team) return doc
  const [project, org] = await Promise.all([
    req.payload.find({ ...sys(req), collection: 'projects', where: { team: { equals: team } }, limit: 1, joins: false, select: { title: true, slug: true, projectType: true, loaders: true } }),
    req.payload.find({ ...sys(req), collection: 'organizations', where: { team: { equals: team } }, limit: 1, joins: false, select: { name: true, slug: true } }),
  ])
  const p = project.docs[0]
  const o = org.docs[0]
  const target = p
    ? { kind: 'project' as const, name: p.title, path: pathOf(p), id: p.id }
    : o
      ? { kind: 'organization' as const, name: o.name, path: `/organization/${encodeURIComponent(o.slug ?? o.id)}`, id: o.id }
      : null
  if (target) await notify(req, [relationId(doc.user)], invitation(target, (req.user as { username?: string | null } | null)?.username ?? null))
  return doc
}

/** projects (wired by the moderation plugin): a moderator's decision tells the project's team (but not whoever made the change). */
export const notifyStatusChange: CollectionAfterChangeHook = async ({ doc, data, previousDoc, operation, req }) => {
  // `doc` may be trimmed by the write's `select`: the written status is in `data` then.
  const status = doc.status ?? data?.status
  if (skip(req) || operation !== 'update' || !previousDoc?.status || !status || status === previousDoc.status) return doc
  if (!(NOTIFIED_STATUSES as readonly string[]).includes(status)) return doc
  // A scheduled release the team set up themselves is not a moderator's decision.
  if (previousDoc.status === 'scheduled') return doc
  const project = await projectOf(req, doc.id)
  const team = relationId(project?.team)
  if (!project || !team) return doc
  const members = await req.payload.find({ ...sys(req), collection: 'team-members', where: { and: [{ team: { equals: team } }, { accepted: { equals: true } }] }, pagination: false, select: { user: true } })
  const actor = actorOf(req)?.id
  const recipients = members.docs.map((m) => relationId(m.user)).filter((u) => u !== actor)
  await notify(req, recipients, statusChange({ id: project.id, title: project.title, path: pathOf(project) }, previousDoc.status, status))
  return doc
}

/** versions: a version newly listed on a listed project tells the project's followers. */
export const notifyNewVersion: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (skip(req) || doc.status !== 'listed') return doc
  if (operation === 'update' && previousDoc?.status === 'listed') return doc
  const projectId = relationId(doc.project)
  const project = projectId ? await projectOf(req, projectId) : null
  if (!project || !isListed(project.status ?? '')) return doc
  const follows = await req.payload.find({ ...sys(req), collection: 'follows', where: { project: { equals: project.id } }, pagination: false, select: { user: true } })
  if (follows.docs.length === 0) return doc
  const actor = actorOf(req)?.id
  const path = pathOf(project)
  const recipients = follows.docs.map((f) => relationId(f.user)).filter((u) => u !== actor)
  await notify(req, recipients, projectUpdate({ id: project.id, title: project.title, path }, { id: doc.id, number: doc.versionNumber, path: versionPath(path, doc.versionNumber ?? doc.id) }))
  return doc
}

/** thread-messages: a public reply in a report's thread, by anyone but the reporter, tells the reporter. */
export const notifyReportReply: CollectionAfterChangeHook = async ({ doc, operation, req }) => {
  if (skip(req) || operation !== 'create' || doc.private || (doc.type ?? 'text') !== 'text') return doc
  const threadId = relationId(doc.thread)
  const thread = threadId ? await req.payload.findByID({ ...sys(req), collection: 'threads', id: threadId, disableErrors: true, joins: false, select: { type: true, report: true } }) : null
  const reportId = thread?.type === 'report' ? relationId(thread.report) : null
  if (!reportId) return doc
  const report = await req.payload.findByID({ ...sys(req), collection: 'reports', id: reportId, disableErrors: true, select: { reporter: true } })
  const reporter = relationId(report?.reporter)
  if (!reporter || reporter === (relationId(doc.author) ?? actorOf(req)?.id)) return doc
  await notify(req, [reporter], reportAnswered({ id: reportId }, 'replied'))
  return doc
}

/** reports: closing a report tells its reporter. */
export const notifyReportClosed: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (skip(req) || operation !== 'update' || !doc.closed || previousDoc?.closed) return doc
  const reporter = relationId(doc.reporter)
  if (reporter && reporter !== actorOf(req)?.id) await notify(req, [reporter], reportAnswered({ id: doc.id }, 'closed'))
  return doc
}
