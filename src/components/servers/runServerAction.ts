import { getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { currentViewer } from '@/lib/data/currentViewer'
import type { Viewer } from '@/lib/data/viewer'
import { refreshAfterWrite } from '@/lib/refreshAfterWrite'
import { HostingError } from '@/plugins/hosting/service/rows'

/*
 * The frame of every server page action (./actions.ts, ./optionsActions.ts): the session's user only,
 * input checked with zod, and the hosting service decides whether the server is theirs (a stranger's
 * is not found). A `HostingError` is a refusal meant for the user and shown as it is. Not itself an
 * action: this module has no 'use server', so nothing here is callable from the browser.
 */

export type ServerState = { error?: string; done?: string; serverId?: string }
export type Signed = Viewer & { user: NonNullable<Viewer['user']> }
export type ServersT = Awaited<ReturnType<typeof getTranslations<'Servers'>>>

export const serverId = z.string().trim().regex(/^[A-Za-z0-9]{1,64}$/)

export async function runServerAction<I>(schema: z.ZodType<I>, input: unknown, act: (viewer: Signed, input: I, t: ServersT) => Promise<ServerState>): Promise<ServerState> {
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  if (!viewer.user) return { error: t('errors.signIn') }
  const parsed = schema.safeParse(input)
  if (!parsed.success) return { error: t('errors.invalid') }
  try {
    const state = await act(viewer as Signed, parsed.data, t)
    refreshAfterWrite('servers')
    return state
  } catch (error) {
    if (error instanceof HostingError) return { error: error.message }
    viewer.payload.logger.error({ err: error, msg: 'Server action failed' })
    return { error: t('errors.failed') }
  }
}

/** An action whose success is a sentence: `work` returns it, refusals are as above. */
export const runServerDone = <I,>(schema: z.ZodType<I>, input: unknown, work: (viewer: Signed, input: I, t: ServersT) => Promise<string>): Promise<ServerState> =>
  runServerAction(schema, input, async (viewer, i, t) => ({ done: await work(viewer, i, t) }))
