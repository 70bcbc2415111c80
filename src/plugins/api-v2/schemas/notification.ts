import { z } from 'zod'

import { component, timestamp } from './registry'

/** `Notification` (labrinth `models/v2/notifications.rs`). */
export const Notification = component('Notification', z.object({
  id: z.string(),
  user_id: z.string(),
  type: z.string().nullable().describe('team_invite, status_change, project_update, …'),
  title: z.string().describe('Names are in **bold**'),
  text: z.string(),
  link: z.string(),
  read: z.boolean(),
  created: timestamp,
  body: z.record(z.string(), z.unknown()).nullable(),
  actions: z.array(z.object({ title: z.string(), action_route: z.tuple([z.string(), z.string()]) })),
}), 'A notification')
