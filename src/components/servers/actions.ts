'use server'

import { getTranslations } from 'next-intl/server'
import { z } from 'zod'

import { CURRENCIES } from '@/lib/billing/currency'
import { INTERVALS } from '@/lib/billing/intervals'
import { currentViewer } from '@/lib/data/currentViewer'
import { POWER_ACTIONS } from '@/lib/hosting/status'
import { command, power, rename, repair, reserveSubdomain, setGameVersion, writeProperties } from '@/plugins/hosting/service/acts'
import { buyServer } from '@/plugins/hosting/service/buy'
import { consoleAccess } from '@/plugins/hosting/service/console'
import { changeServerPlan, keepAfterTrial } from '@/plugins/hosting/service/plan'
import { HostingError } from '@/plugins/hosting/service/rows'

import { runServerAction, serverId, type ServerState } from './runServerAction'

/*
 * What an owner (or staff) does with a server. Every action takes the session's user only, validates
 * its input, and passes the user to the hosting service, which refuses a server that is not theirs
 * (as not found). A `HostingError` is a refusal meant for the user and shown as it is.
 */

export type { ServerState } from './runServerAction'

const id = serverId
const run = runServerAction
const field = (form: FormData, name: string) => form.get(name) ?? undefined

const buyInput = z.object({
  plan: z.string().regex(/^[a-z0-9-]{1,40}$/),
  region: z.string().regex(/^[a-z0-9-]{1,40}$/),
  interval: z.enum(INTERVALS),
  currency: z.enum(CURRENCIES),
  method: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
})

/** The purchase's last step: buys the server (first payment now; none for the trial). */
export async function buyServerAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = {
    plan: field(form, 'plan'),
    region: field(form, 'region'),
    interval: field(form, 'interval'),
    currency: field(form, 'currency') || 'USD',
    method: field(form, 'method') || undefined,
    name: field(form, 'name') || undefined,
  }
  return run(buyInput, input, async (viewer, i, t) => {
    const result = await buyServer(viewer.payload, viewer.user, { productKey: i.plan, regionKey: i.region, interval: i.interval, currency: i.currency, methodId: i.method, name: i.name })
    if (result.outcome === 'failed') return { error: result.message || t('errors.declined'), serverId: result.serverId }
    if (result.outcome === 'unreachable') return { error: t('errors.unreachable'), serverId: result.serverId }
    return { done: t('buy.bought'), serverId: result.serverId }
  })
}

export async function powerAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, action: z.enum(POWER_ACTIONS) }), { server: field(form, 'server'), action: field(form, 'action') }, async (viewer, i, t) => {
    await power(viewer.payload, viewer.user, i.server, i.action)
    return { done: t(`power.done.${i.action}`) }
  })
}

export async function commandAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, line: z.string().max(512) }), { server: field(form, 'server'), line: field(form, 'line') }, async (viewer, i) => {
    await command(viewer.payload, viewer.user, i.server, i.line)
    return {}
  })
}

export async function renameAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, name: z.string().max(200) }), { server: field(form, 'server'), name: field(form, 'name') }, async (viewer, i, t) => {
    await rename(viewer.payload, viewer.user, i.server, i.name)
    return { done: t('info.renamed') }
  })
}

export async function repairAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, how: z.enum(['reset', 'reinstall']) }), { server: field(form, 'server'), how: field(form, 'how') }, async (viewer, i, t) => {
    await repair(viewer.payload, viewer.user, i.server, i.how)
    return { done: t(`repair.done.${i.how}`) }
  })
}

const properties = z.object({
  motd: z.string().max(120),
  'max-players': z.coerce.number().int().min(1).max(500),
  gamemode: z.enum(['survival', 'creative', 'adventure', 'spectator']),
  difficulty: z.enum(['peaceful', 'easy', 'normal', 'hard']),
  'level-seed': z.string().max(64),
  'view-distance': z.coerce.number().int().min(2).max(32),
  'white-list': z.enum(['true', 'false']),
  'spawn-protection': z.coerce.number().int().min(0).max(1000),
})

/** The properties form: written to the server's `server.properties`, applied on its next start. */
export async function propertiesAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: field(form, 'server'), ...Object.fromEntries(Object.keys(properties.shape).map((k) => [k, field(form, k)])), 'white-list': form.get('white-list') ? 'true' : 'false' }
  return run(properties.extend({ server: id }), input, async (viewer, { server, ...values }, t) => {
    await writeProperties(viewer.payload, viewer.user, server, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])))
    return { done: t('properties.saved') }
  })
}

/** The console's websocket address and a ~10-minute token for it (the page asks again before it runs out). */
export async function consoleAccessAction(serverId: string): Promise<{ url?: string; token?: string; error?: string }> {
  const [t, viewer] = await Promise.all([getTranslations('Servers'), currentViewer()])
  if (!viewer.user) return { error: t('errors.signIn') }
  if (!id.safeParse(serverId).success) return { error: t('errors.invalid') }
  try {
    const { url, token } = await consoleAccess(viewer.payload, viewer.user, serverId)
    return { url, token }
  } catch (error) {
    if (error instanceof HostingError) return { error: error.message }
    viewer.payload.logger.error({ err: error, msg: 'Console access failed' })
    return { error: t('errors.failed') }
  }
}

/** The loader page: moves the server to another game version its node offers. */
export async function gameVersionAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: field(form, 'server'), version: field(form, 'version') }
  return run(z.object({ server: id, version: z.string().regex(/^\d{1,2}\.\d{1,3}(\.\d{1,3})?$/) }), input, async (viewer, i, t) => {
    await setGameVersion(viewer.payload, viewer.user, i.server, i.version)
    return { done: t('loader.changed', { version: i.version }) }
  })
}

/** The network page: reserves (or, empty, frees) the server's subdomain. */
export async function subdomainAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, subdomain: z.string().max(64) }), { server: field(form, 'server'), subdomain: field(form, 'subdomain') ?? '' }, async (viewer, i, t) => {
    const value = await reserveSubdomain(viewer.payload, viewer.user, i.server, i.subdomain)
    return { done: value ? t('network.reserved', { subdomain: value }) : t('network.freed') }
  })
}

const planKey = z.string().regex(/^[a-z0-9-]{1,40}$/)

/** The billing page: a paid server to another plan (dearer now, cheaper at the renewal, the current one again undoes that). */
export async function changePlanAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  return run(z.object({ server: id, plan: planKey }), { server: field(form, 'server'), plan: field(form, 'plan') }, async (viewer, i, t) => {
    const change = await changeServerPlan(viewer.payload, viewer.user, i.server, i.plan)
    if (change.when === 'kept') return { done: t('plan.kept') }
    if (change.when === 'renewal') return { done: t('plan.atRenewal') }
    if (change.outcome === 'unreachable' || change.outcome === 'processing') return { done: t('plan.processing') }
    return { done: t('plan.upgrading') }
  })
}

/** The billing page of a trial: keeps the server on a paid plan (first payment now). */
export async function keepServerAction(_prev: ServerState, form: FormData): Promise<ServerState> {
  const input = { server: field(form, 'server'), plan: field(form, 'plan'), interval: field(form, 'interval'), method: field(form, 'method') || undefined }
  const schema = z.object({ server: id, plan: planKey, interval: z.enum(INTERVALS), method: z.string().trim().max(64).optional() })
  return run(schema, input, async (viewer, i, t) => {
    const kept = await keepAfterTrial(viewer.payload, viewer.user, i.server, { productKey: i.plan, interval: i.interval, currency: 'USD', methodId: i.method })
    return { done: kept.outcome === 'succeeded' ? t('plan.keptAfterTrial') : t('plan.processing') }
  })
}

/** "Keep {plan}": undoes a change waiting for the renewal (a plain form; the page shows the outcome). */
export async function keepCurrentPlanAction(form: FormData): Promise<void> {
  await changePlanAction({}, form)
}
