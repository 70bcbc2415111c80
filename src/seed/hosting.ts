import os from 'node:os'

import type { Payload } from 'payload'

import { ensureCatalogue } from '../plugins/billing/service/catalogue'
import { inTransaction, sql } from '../plugins/hosting/service/db'
import { env } from '../lib/env'
import { localAgentToken } from '../lib/hosting/localNode.mjs'
import { base62Id } from '../lib/ids'

const REGIONS = [
  { key: 'local', name: 'Local (this machine)' },
  { key: 'north-america', name: 'North America' },
  { key: 'western-europe', name: 'Western Europe' },
  { key: 'central-europe', name: 'Central Europe' },
] as const

/** The local node's room: what its agent accepts by default (AGENT_CAPACITY_MEMORY_MB: the machine's memory less 1 GiB). */
const LOCAL_NODE_MIB = Math.max(512, Math.floor(os.totalmem() / 2 ** 20) - 1024)

/**
 * The hosting demo (issue 31): the spec's regions and a Local one, the node `npm start` runs beside
 * the site in it, and a paid small server for `tinkerfox`, which the reconciler installs on that node
 * once the agent answers — so the panel can be seen at work before buying. Idempotent.
 */
export async function seedHosting(payload: Payload, owner: string, secret: string): Promise<void> {
  await ensureCatalogue(payload)
  await inTransaction(payload, async (tx) => {
    for (const r of REGIONS) {
      await tx.rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${base62Id()}, ${r.key}, ${r.name}, true, now(), now()) ON CONFLICT (key) DO NOTHING`)
    }
    const local = await tx.one<{ id: string }>(sql`SELECT id FROM hosting_regions WHERE key = 'local'`)
    if (!(await tx.one(sql`SELECT 1 FROM hosting_nodes WHERE name = 'local'`))) {
      const url = env.hostingLocalAgentUrl()
      await tx.rows(sql`
        INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
        VALUES (${base62Id()}, 'local', ${local!.id}, ${url}, ${new URL(url).hostname}, ${localAgentToken(secret)}, ${LOCAL_NODE_MIB}, 10, true, 'unknown', now(), now())`)
    }
    if (await tx.one(sql`SELECT 1 FROM servers WHERE owner_id = ${owner}`)) return
    const plan = await tx.one<{ product_id: string; price_id: string; monthly: number }>(sql`
      SELECT b.id AS product_id, p.id AS price_id, p.monthly FROM billing_products b JOIN billing_prices p ON p.product_id = b.id AND p.currency = 'USD' WHERE b.key = 'server-small'`)
    if (!plan) return
    const subscription = base62Id()
    const now = new Date()
    const renews = new Date(now.getTime() + 30 * 86_400_000)
    await tx.rows(sql`
      INSERT INTO subscriptions (id, user_id, product_id, price_id, currency, interval, status, updated_at, created_at)
      VALUES (${subscription}, ${owner}, ${plan.product_id}, ${plan.price_id}, 'USD', 'monthly', 'provisioned', ${now}, ${now})`)
    await tx.rows(sql`
      INSERT INTO charges (id, user_id, subscription_id, price_id, type, status, amount, currency, interval, due, period_end, attempts, provider, payment_id, updated_at, created_at)
      VALUES (${base62Id()}, ${owner}, ${subscription}, ${plan.price_id}, 'subscription', 'succeeded', ${plan.monthly}, 'USD', 'monthly', ${now}, ${renews}, 1, 'test', ${`demo_${subscription}`}, ${now}, ${now}),
             (${base62Id()}, ${owner}, ${subscription}, ${plan.price_id}, 'renewal', 'open', ${plan.monthly}, 'USD', 'monthly', ${renews}, ${new Date(renews.getTime() + 30 * 86_400_000)}, 0, 'test', NULL, ${now}, ${now})`)
    await tx.rows(sql`
      INSERT INTO servers (id, name, owner_id, subscription_id, product_id, region_id, game_version, loader, properties, status, power_state, status_changed_at, updated_at, created_at)
      VALUES (${base62Id()}, 'Tinkerfox Test Realm', ${owner}, ${subscription}, ${plan.product_id}, ${local!.id}, '1.21.4', 'flying-squid',
        ${JSON.stringify({ motd: 'Tinkerfox Test Realm', gamemode: 'creative' })}::jsonb, 'unprovisioned', 'stopped', ${now}, ${now}, ${now})`)
  })
}
