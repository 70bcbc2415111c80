import type { CollectionConfig, Config, Field, Plugin } from 'payload'

import messages from '../../../messages/en-US.json'
import { isStaff, type Actor } from '../../access/core/roles'
import { staffOnlyRule } from '../../access/core/rules'
import { guarded } from '../../access/core/writeRules'
import { deleteWhere } from '../../collections/hooks/cascade'
import { notifyStatusChange } from '../../collections/hooks/notifications'
import { appendHooks, insertFields } from '../../lib/config/appendHooks'
import { projectThread } from './projectThread'
import { scanUpload, storeFindings } from './scanUpload'
import { applyVerdict, stampVerdict } from './verdict'

export type ModerationPluginOptions = {
  /** Leave uploads unscanned (the findings collections stay, so migrations do not change). */
  scanDisabled?: boolean
}

/** Staff's moderation panel beside the form: the lock, approve / reject / withhold, the thread (issue 18). */
const moderationPanelField: Field = {
  name: 'moderationPanel',
  type: 'ui',
  admin: { position: 'sidebar', condition: (data) => !!data?.id, components: { Field: '/components/admin/moderation/ModerationPanel#ModerationPanel' } },
}

/** The moderator's word to the team on the last decision (cleared when the team submits again); staff write it. */
const moderatorMessageField: Field = guarded(
  {
    name: 'moderatorMessage',
    type: 'group',
    label: 'Message from the moderators',
    // The team sees it once there is one (read-only); staff always, to write it.
    admin: { condition: (data, _sibling, { user }) => isStaff(user as Actor | undefined) || !!(data?.moderatorMessage as { message?: string } | undefined)?.message },
    fields: [
      { name: 'message', type: 'text', maxLength: 2000 },
      { name: 'body', type: 'textarea', maxLength: 65536 },
    ],
  },
  staffOnlyRule,
)

/**
 * The status workflow on projects: the moderation panel after the slug (and the publishing
 * checklist), the moderator's message after the status; every project gets its moderation thread and
 * every status change a message in it, then the team is told of a moderator's decision — first among
 * the project's afterChange hooks, as they always ran.
 */
const withStatusWorkflow = (projects: CollectionConfig): CollectionConfig => {
  const fields = insertFields(insertFields(projects.fields, { before: 'title' }, moderationPanelField), { after: 'status' }, moderatorMessageField)
  return appendHooks({ ...projects, fields }, { first: { afterChange: [projectThread, notifyStatusChange] } })
}

/** The technical review on files: scanned at upload (after the hashes), their findings going with them. */
const withScanner = (files: CollectionConfig, { scanDisabled }: ModerationPluginOptions): CollectionConfig =>
  appendHooks(files, {
    last: {
      beforeChange: scanDisabled ? [] : [scanUpload],
      afterChange: scanDisabled ? [] : [storeFindings],
      beforeDelete: [({ req, id }) => deleteWhere(req, 'file-findings', { file: { equals: id } })],
    },
  })

/**
 * The admin views of moderation (`admin.components.views`): the review queue. Payload serves custom
 * views to anyone: each checks for staff itself. Put before the config's own views, where they were.
 */
const withModerationViews = (admin: Config['admin']): Config['admin'] => ({
  ...admin,
  components: {
    ...admin?.components,
    views: {
      moderationQueue: { Component: '/components/admin/views/ModerationQueueView#ModerationQueueView', path: '/moderation-queue', exact: true, meta: { title: messages.AdminWork.queue.title } },
      ...admin?.components?.views,
    },
  },
})

/**
 * Moderation as a capability: the status workflow, the review locks, the technical review's scanner
 * and verdicts, and the admin views.
 *
 * - projects: the moderation panel and the moderator's message (fields), the moderation thread and its
 *   status-change messages (./projectThread), the team's notification of a decision
 *   (`notifyStatusChange`, with the site's other notifications in src/collections/hooks). Who may change a
 *   project's status is the status rule's (`projectStatus`, src/access/projects.ts); the dates a status
 *   change sets and the message it clears are the project's edit bookkeeping
 *   (src/collections/Projects/hooks/enforceEditRules.ts).
 * - version-files: every file uploaded is scanned (after its hashes are computed, so the staff's
 *   known-malicious list is checked too) and its findings stored per file; a file's findings go with it.
 * - file-findings: a verdict on a finding takes effect in the same write (a malicious one quarantines
 *   the file, lists its hash and withholds the project).
 * - admin: the review queue view (/admin/moderation-queue). Its link is in the staff's nav group,
 *   shared with the other staff views (src/components/admin/nav/StaffNavLinks.tsx, payload.config.ts).
 *
 * The findings collections (`file-findings`, `malicious-hashes`) are declared with the others, where
 * access and token scopes wrap them. The review locks are no collection: one row per project under
 * review in the `moderation_locks` table (its hand-written migration 20261125_201500), taken and
 * released by plain SQL in src/lib/moderation/locks.ts; the decisions, filters and texts are
 * src/lib/moderation too.
 */
export const moderationPlugin =
  (options: ModerationPluginOptions = {}): Plugin =>
  (config: Config): Config => ({
    ...config,
    admin: withModerationViews(config.admin),
    collections: (config.collections ?? []).map((c) => {
      if (c.slug === 'projects') return withStatusWorkflow(c)
      if (c.slug === 'version-files') return withScanner(c, options)
      if (c.slug === 'file-findings') return appendHooks(c, { last: { beforeChange: [stampVerdict], afterChange: [applyVerdict] } })
      return c
    }),
  })
