import type { Access } from 'payload'

import { relationId } from '../lib/ids'
import { PUBLIC_STATUSES } from '../lib/projectStatus'
import type { User } from '../payload-types'
import { actorOf, isNewsEditor, type Actor } from './core/roles'
import { rule } from './core/writeRules'

/* News and changelog: written by news editors (admins and users with the news-editor capability). */

const NOT_EDITOR = 'Only news editors may change this.'

export const newsEditorsAccess: Access = ({ req }) => isNewsEditor(actorOf(req))

/**
 * Published news/changelog for everyone; drafts for editors. `_status` is Payload's drafts field
 * (the collections have `versions.drafts`); the collection row holds the published version.
 */
export const publishedOrEditorAccess: Access = ({ req }) =>
  isNewsEditor(actorOf(req)) ? true : { _status: { equals: 'published' } }

/** Their editors (the collections' access) set authors, status and images. */
export const editorialRule = rule('editorial', ({ actor }) => isNewsEditor(actor) || NOT_EDITOR)

const idsOf = (value: unknown) => (Array.isArray(value) ? value : [value]).map(relationId).filter((x): x is string => !!x)

/**
 * A news thumbnail is shown to everyone, on the site and in the feeds: news editors choose it, and
 * only among images the public can see — never a gallery picture of a project that is not public.
 */
export const publicImage = rule('publicImage', async ({ actor, value, req }) => {
  if (!isNewsEditor(actor)) return NOT_EDITOR
  const id = relationId(value)
  if (!id) return true
  const image = await req.payload.findByID({ collection: 'images', id, depth: 0, overrideAccess: true, disableErrors: true, req, select: { project: true } })
  if (!image) return { notFound: `Could not find image ${id}` }
  const projectId = relationId(image.project)
  if (!projectId) return true
  const project = await req.payload.findByID({ collection: 'projects', id: projectId, depth: 0, overrideAccess: true, disableErrors: true, req, select: { status: true } })
  return (!!project && (PUBLIC_STATUSES as readonly string[]).includes(project.status ?? '')) || 'Choose an image everyone can see: this one belongs to a project that is not public.'
})

/**
 * An article's authors are shown as its byline: news editors set them, and only to news editors —
 * nobody is credited with, or made to vouch for, an article they could not have written.
 */
export const editorAuthors = rule('editorAuthors', async ({ actor, value, previous, req }) => {
  if (!isNewsEditor(actor)) return NOT_EDITOR
  const before = new Set(idsOf(previous))
  const added = idsOf(value).filter((id) => !before.has(id))
  if (added.length === 0) return true
  const { docs } = await req.payload.find({ collection: 'users', where: { id: { in: added } }, pagination: false, depth: 0, overrideAccess: true, req, select: { username: true, role: true, newsEditor: true } })
  const found = new Map((docs as User[]).map((u) => [u.id, u]))
  for (const id of added) {
    const user = found.get(id)
    if (!user) return { notFound: `Could not find user ${id}` }
    if (!isNewsEditor(user)) return `Articles are credited to news editors only: ${user.username} is not one.`
  }
  return true
})

/**
 * Scheduled publishing (Payload's `schedulePublish` job, the admin's "Schedule publish" drawer): the
 * collections that offer it, and who may schedule there — who may publish there, since the job
 * publishes as the system. A collection not listed offers none.
 */
const SCHEDULED_PUBLISHING: Record<string, { may: (actor: Actor | null) => boolean; refusal: string }> = {
  news: { may: isNewsEditor, refusal: 'Only news editors may schedule news articles.' },
  'changelog-entries': { may: isNewsEditor, refusal: 'Only news editors may schedule changelog entries.' },
}

/** Whether `collection` offers scheduled publishing (`versions.drafts.schedulePublish` and listed above). */
export const offersScheduledPublishing = (collection: string | null | undefined): collection is string =>
  !!collection && Object.hasOwn(SCHEDULED_PUBLISHING, collection)

/** Whether `actor` may schedule publishing (or unpublishing) a document of `collection`: true, or the refusal. */
export function maySchedulePublish(actor: Actor | null, collection: string | null | undefined): true | string {
  if (!offersScheduledPublishing(collection)) return `Scheduled publishing is not offered for ${collection ?? 'this document'}.`
  const entry = SCHEDULED_PUBLISHING[collection]!
  return entry.may(actor) || entry.refusal
}
