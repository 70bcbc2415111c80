'use server'

import { z } from 'zod'

import { PREFERENCE_KEYS, preferencesSchema } from '@/lib/hosting/preferences'
import { splitFlags } from '@/lib/hosting/startup'
import { writePreferences, writeStartup } from '@/plugins/hosting/service/options'

import { runServerDone, serverId, type ServerState } from './runServerAction'

/*
 * The startup and preferences pages' actions (as ./actions.ts: the session's user only, input checked
 * with zod, the hosting service decides whether the server is theirs and words its refusals).
 */

const id = serverId
const act = runServerDone

const startupInput = z.object({
  server: id,
  // Empty: Automatic. The plan's bounds and the allow-list are the service's (they name what is wrong).
  heap: z.union([z.literal(''), z.coerce.number().int().min(0).max(1_048_576)]),
  flags: z.string().max(2000).transform(splitFlags),
})

/** The startup page: the game's memory (heap cap) and extra Node flags, applied at the next start. */
export async function startupAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: form.get('server') ?? undefined, heap: String(form.get('heap') ?? '').trim(), flags: String(form.get('flags') ?? '') }
  return act(startupInput, input, async (viewer, i, t) => {
    await writeStartup(viewer.payload, viewer.user, i.server, { heap_mb: i.heap === '' ? null : i.heap, flags: i.flags })
    return t('startup.saved')
  })
}

const preferencesInput = z.object({ server: id }).extend(preferencesSchema.shape)

/** The preferences page: four switches, each a checkbox. */
export async function preferencesAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: form.get('server') ?? undefined, ...Object.fromEntries(PREFERENCE_KEYS.map((k) => [k, form.get(k) === 'on'])) }
  return act(preferencesInput, input, async (viewer, { server, ...values }, t) => {
    await writePreferences(viewer.payload, viewer.user, server, values)
    return t('preferences.saved')
  })
}
