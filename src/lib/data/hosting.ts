import type { Payload, Where } from 'payload'

import type { Currency } from '../billing/currency'
import type { Interval } from '../billing/intervals'
import { PLAN_PLAYERS, SERVER_PLAN_KEYS } from '../hosting/plans'
import { preferencesOf, type ServerPreferences } from '../hosting/preferences'
import type { PowerState, ServerStatus, SuspensionReason } from '../hosting/status'
import { relationId } from '../ids'
import { ensureCatalogue } from '../../plugins/billing/service/catalogue'
import { db, sql } from '../../plugins/hosting/service/db'
import { regionsWithRoom, type RegionRoom } from '../../plugins/hosting/service/nodes'
import { productPrices } from './billing'
import { as, type Viewer } from './viewer'

/*
 * Hosting's reads for the pages (/servers, /servers/manage, a server's pages). Which servers a
 * viewer sees is decided by the collection's access (owners their own, staff all); the node's
 * address is then added for those only (nodes themselves are staff-only).
 */

export type PlanView = {
  key: string
  name: string
  kind: 'server' | 'trial'
  cpus: number
  ramMiB: number
  swapMiB: number
  storageMiB: number
  players: { min: number; max: number }
  region: string | null
  /** USD prices in cents per interval (the plans are sold in USD, spec §9). */
  amounts: Partial<Record<Interval, number>>
  currency: Currency
}

/** The plans on sale: the three server plans and the trial, with their USD prices. */
export async function serverPlans(payload: Payload): Promise<PlanView[]> {
  await ensureCatalogue(payload)
  const plans = await Promise.all(
    [...SERVER_PLAN_KEYS, 'trial' as const].map(async (key) => {
      const { product, prices } = await productPrices(payload, key)
      const usd = prices.find((p) => p.currency === 'USD')
      if (!product || !usd || (product.kind !== 'server' && product.kind !== 'trial')) return null
      const plan: PlanView = {
        key,
        name: product.name,
        kind: product.kind,
        cpus: product.cpus ?? 0,
        ramMiB: product.ramMiB ?? 0,
        swapMiB: product.swapMiB ?? 0,
        storageMiB: product.storageMiB ?? 0,
        players: PLAN_PLAYERS[key],
        region: product.region ?? null,
        amounts: usd.amounts,
        currency: usd.currency,
      }
      return plan
    }),
  )
  return plans.filter((p): p is PlanView => p !== null)
}

export const regionsForSale = (payload: Payload, trialRegion?: string | null): Promise<RegionRoom[]> => regionsWithRoom(payload, trialRegion ? [trialRegion] : [])

export type ServerView = {
  id: string
  name: string
  status: ServerStatus
  suspensionReason: SuspensionReason | null
  powerState: PowerState
  lastError: string | null
  /** `host:port` players join, once placed. */
  address: string | null
  /** The reserved subdomain (without the site's hosting domain). */
  subdomain: string | null
  planKey: string
  planName: string
  ramMiB: number
  cpus: number
  regionName: string
  nodeName: string | null
  gameVersion: string
  loader: string
  subscriptionId: string | null
  ownerId: string | null
  createdAt: string
  /** Its preferences over the defaults (src/lib/hosting/preferences.ts). */
  preferences: ServerPreferences
  nodeId: string | null
  /** Why staff suspended it (shown to its owner). */
  staffReason: string | null
}

/** The servers the viewer may see: their own (staff: `all` for everyone's). */
export async function serversOf(viewer: Viewer, options: { all?: boolean } = {}): Promise<ServerView[]> {
  if (!viewer.user) return []
  return serversWhere(viewer, options.all ? {} : { owner: { equals: viewer.user.id } })
}

/** The servers matching `where` that the viewer may see (the collection's access decides), newest first. */
export async function serversWhere(viewer: Viewer, where: Where, limit = 100): Promise<ServerView[]> {
  if (!viewer.user) return []
  const { docs } = await viewer.payload.find({ collection: 'servers', where, sort: '-createdAt', limit, depth: 0, ...as(viewer) })
  return withDetails(viewer.payload, docs)
}

/** One server, or null when the viewer may not see it (a 404 then). */
export async function serverOf(viewer: Viewer, id: string): Promise<ServerView | null> {
  if (!viewer.user) return null
  const doc = await viewer.payload.findByID({ collection: 'servers', id, depth: 0, disableErrors: true, ...as(viewer) })
  if (!doc) return null
  return (await withDetails(viewer.payload, [doc]))[0] ?? null
}

type ServerDoc = {
  id: string
  name: string
  status: ServerStatus
  suspensionReason?: SuspensionReason | null
  powerState?: PowerState | null
  lastError?: string | null
  port?: number | null
  subdomain?: string | null
  gameVersion: string
  loader: string
  createdAt: string
  owner?: unknown
  subscription?: unknown
  product: unknown
  region: unknown
  node?: unknown
  preferences?: unknown
  staffReason?: string | null
}

async function withDetails(payload: Payload, docs: ServerDoc[]): Promise<ServerView[]> {
  if (!docs.length) return []
  const ids = (values: unknown[]) => `{${[...new Set(values.map((v) => relationId(v)).filter(Boolean))].join(',')}}`
  const [products, regions, nodes] = await Promise.all([
    db(payload).rows<{ id: string; key: string; name: string; ram_mi_b: number | null; cpus: number | null }>(
      sql`SELECT id, key, name, ram_mi_b, cpus FROM billing_products WHERE id = ANY(${ids(docs.map((d) => d.product))}::text[])`,
    ),
    db(payload).rows<{ id: string; name: string }>(sql`SELECT id, name FROM hosting_regions WHERE id = ANY(${ids(docs.map((d) => d.region))}::text[])`),
    db(payload).rows<{ id: string; name: string; public_host: string }>(sql`SELECT id, name, public_host FROM hosting_nodes WHERE id = ANY(${ids(docs.map((d) => d.node))}::text[])`),
  ])
  const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]))
  const [p, r, n] = [byId(products), byId(regions), byId(nodes)]
  return docs.map((d) => {
    const product = p.get(relationId(d.product) ?? '')
    const node = n.get(relationId(d.node) ?? '')
    return {
      id: d.id,
      name: d.name,
      status: d.status,
      suspensionReason: d.suspensionReason ?? null,
      powerState: d.powerState ?? 'stopped',
      lastError: d.lastError ?? null,
      address: node && d.port ? `${node.public_host}:${d.port}` : null,
      subdomain: d.subdomain ?? null,
      planKey: product?.key ?? '',
      planName: product?.name ?? '',
      ramMiB: Number(product?.ram_mi_b ?? 0),
      cpus: Number(product?.cpus ?? 0),
      regionName: r.get(relationId(d.region) ?? '')?.name ?? '',
      nodeName: node?.name ?? null,
      gameVersion: d.gameVersion,
      loader: d.loader,
      subscriptionId: relationId(d.subscription) ?? null,
      ownerId: relationId(d.owner) ?? null,
      createdAt: d.createdAt,
      preferences: preferencesOf(d.preferences),
      nodeId: relationId(d.node) ?? null,
      staffReason: d.staffReason ?? null,
    }
  })
}
