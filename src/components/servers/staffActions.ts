'use server'

import { z } from 'zod'

import { moveServer } from '@/plugins/hosting/service/move'
import { dismissNotice } from '@/plugins/hosting/service/notices'
import { staffSuspend, staffUnsuspend } from '@/plugins/hosting/service/staff'

import { runServerAction, serverId, type ServerState } from './runServerAction'

/*
 * Staff's acts on /servers/admin and the owner's dismissal of a notice (the hosting service checks
 * who may: staff for suspensions and moves, the server's owner for the last).
 */

const field = (form: FormData, name: string) => form.get(name) ?? undefined

/** /servers/admin: `op` suspend (with a reason) or unsuspend. */
export async function staffServerAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: field(form, 'server'), op: field(form, 'op'), reason: field(form, 'reason') ?? '' }
  return runServerAction(z.object({ server: serverId, op: z.enum(['suspend', 'unsuspend']), reason: z.string().max(1000) }), input, async (viewer, i, t) => {
    if (i.op === 'unsuspend') {
      await staffUnsuspend(viewer.payload, viewer.user, i.server)
      return { done: t('staff.unsuspended') }
    }
    await staffSuspend(viewer.payload, viewer.user, i.server, i.reason)
    return { done: t('staff.suspended') }
  })
}

/** /servers/admin: moves the server to `node` (another of its region); answers once the copy is done, which takes minutes for a big world. */
export async function staffMoveAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return runServerAction(z.object({ server: serverId, node: z.string().trim().min(1).max(64) }), { server: field(form, 'server'), node: field(form, 'node') }, async (viewer, i, t) => {
    const node = await moveServer(viewer.payload, viewer.user, i.server, i.node)
    return { done: t('staff.moved', { node: node.name }) }
  })
}

export async function dismissNoticeAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return runServerAction(z.object({ server: serverId, notice: serverId }), { server: field(form, 'server'), notice: field(form, 'notice') }, async (viewer, i) => {
    await dismissNotice(viewer.payload, viewer.user, i.server, i.notice)
    return {}
  })
}
