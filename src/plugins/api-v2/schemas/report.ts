import { z } from 'zod'

import { REPORT_BODY_MAX, REPORT_ITEM_TYPES } from '../../../lib/reports/rules'
import { component, timestamp } from './registry'
import { User } from './user'

/** `Report` (labrinth `models/v3/reports.rs`, the same in v2). */
export const Report = component('Report', z.object({
  id: z.string(),
  report_type: z.string(),
  item_id: z.string(),
  item_type: z.enum(REPORT_ITEM_TYPES),
  reporter: z.string().nullable(),
  body: z.string(),
  created: timestamp,
  closed: z.boolean(),
  thread_id: z.string().nullable(),
}), 'A report to the moderators')

export const NewReport = z.object({
  report_type: z.string().min(1).max(64),
  item_id: z.string().min(1).max(500),
  item_type: z.enum(REPORT_ITEM_TYPES),
  body: z.string().min(1).max(REPORT_BODY_MAX),
  uploaded_images: z.array(z.string()).max(10).optional(),
})

export const ReportPatch = z.object({ body: z.string().min(1).max(REPORT_BODY_MAX).optional(), closed: z.boolean().optional() })

const MessageBody = z.object({
  type: z.string(),
  body: z.string().optional(),
  private: z.boolean().optional(),
  old_status: z.string().optional(),
  new_status: z.string().optional(),
  replying_to: z.string().nullable().optional(),
})

/** `Thread` (labrinth `models/v3/threads.rs`). */
export const Thread = component('Thread', z.object({
  id: z.string(),
  type: z.enum(['project', 'report', 'direct_message']),
  project_id: z.string().nullable(),
  report_id: z.string().nullable(),
  messages: z.array(z.object({ id: z.string(), author_id: z.string().nullable(), body: MessageBody, created: timestamp })),
  members: z.array(User),
}), 'A conversation thread')

export const NewMessage = z.object({
  body: z.object({ type: z.literal('text'), body: z.string().min(1).max(REPORT_BODY_MAX), private: z.boolean().optional(), replying_to: z.string().max(64).nullable().optional() }),
})
