import { APIError, type Payload, type PayloadRequest, type TaskHandler } from 'payload'

import { maySchedulePublish, offersScheduledPublishing } from '../access/editorial'
import type { Actor } from '../access/core/roles'
import { relationId } from '../lib/ids'
import type { TaskSchedulePublish } from '../payload-types'

/*
 * Payload's `schedulePublish` job (issue 27 item 8). The admin's "Schedule publish" drawer queues it
 * through the `schedule-publish` server function, which lets any signed-in user into the admin and
 * queues with access off, naming the signed-in user in the input; Payload's handler then published
 * as that user, or with access off when the input named nobody. Here:
 * - queuing checks that the user the job names may schedule that document (src/access/editorial.ts),
 *   whoever calls `payload.jobs.queue`: the drawer, a server action, our own code;
 * - running checks it again — the right may be gone, or the row may have been written without the
 *   queue — and publishes as the system: the check is ours, not the document's write rules for a
 *   user who is not there.
 */

export const SCHEDULE_PUBLISH_TASK = 'schedulePublish'

type ScheduleInput = TaskSchedulePublish['input']

/** Scheduling refused: a 403 with the reason. */
class ScheduleRefused extends APIError {
  constructor(message: string) {
    super(message, 403, null, true)
  }
}

/** Whether the user a job names may schedule its document now: true, or the reason not. */
async function queuerMay(payload: Payload, input: ScheduleInput | null | undefined): Promise<true | string> {
  if (input?.global) return 'Scheduled publishing is not offered for globals.'
  const collection = input?.doc?.relationTo
  if (!offersScheduledPublishing(collection)) return maySchedulePublish(null, collection)
  if (!relationId(input?.doc?.value)) return 'A scheduled publication names the document it publishes; this one names none.'
  const userId = relationId(input?.user)
  if (!userId) return 'A scheduled publication names who scheduled it; this one names nobody.'
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, disableErrors: true })
  if (!user) return 'Whoever scheduled this publication no longer has an account.'
  return maySchedulePublish(user as Actor, collection)
}

type QueueArgs = Parameters<Payload['jobs']['queue']>[0]

/** Refuses to queue a `schedulePublish` job for someone who may not schedule its document. */
async function assertMayQueue(payload: Payload, args: QueueArgs): Promise<void> {
  const input = args.input as ScheduleInput | undefined
  const caller = (args.req as PayloadRequest | undefined)?.user
  // A caller with a user schedules in their own name only.
  if (caller && relationId(input?.user) !== String(caller.id)) throw new ScheduleRefused('A publication is scheduled in the name of who schedules it.')
  const verdict = await queuerMay(payload, input)
  if (verdict !== true) throw new ScheduleRefused(verdict)
}

/** The job: checks who queued it, then publishes (or unpublishes) the document as the system. */
const publishAsSystem: TaskHandler<'schedulePublish'> = async ({ input, req }) => {
  const verdict = await queuerMay(req.payload, input)
  // A failed job, with the reason in its log; the document stays as it is.
  if (verdict !== true) throw new ScheduleRefused(`Not published: ${verdict}`)
  const doc = input.doc!
  const idType = req.payload.collections[doc.relationTo]?.customIDType ?? req.payload.db.defaultIDType
  const id = relationId(doc.value)!
  const locale = input.type === 'publish' && input.locale && req.payload.config.localization ? input.locale : undefined
  await req.payload.update({
    collection: doc.relationTo,
    id: idType === 'number' ? Number(id) : id,
    data: { _status: input.type === 'unpublish' ? 'draft' : 'published' },
    depth: 0,
    overrideAccess: true,
    publishSpecificLocale: locale,
  })
  return { output: {} }
}

/**
 * Installs both checks on a running instance: Payload adds the task itself (for collections with
 * `schedulePublish`) and queues it through `payload.jobs.queue`, so that is where they go.
 */
export function guardScheduledPublishing(payload: Payload): void {
  const task = payload.config.jobs.tasks?.find((t) => t.slug === SCHEDULE_PUBLISH_TASK)
  if (task) task.handler = publishAsSystem as TaskHandler<'schedulePublish'> as typeof task.handler
  const queue = payload.jobs.queue
  payload.jobs.queue = (async (args: QueueArgs) => {
    if (args.task === SCHEDULE_PUBLISH_TASK) await assertMayQueue(payload, args)
    return queue(args)
  }) as Payload['jobs']['queue']
}
