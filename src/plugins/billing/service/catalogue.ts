import type { Payload } from 'payload'

import { CURRENCIES } from '../../../lib/billing/currency'
import { convertFromUsd } from '../../../lib/billing/demoPrices'
import { base62Id } from '../../../lib/ids'
import { db, inTransaction, sql, type Tx } from './db'

/**
 * The products and prices a new site starts with (spec §9): Plus at 499 / 1200 / 4999 US cents
 * monthly / quarterly / yearly in every currency; three hosting plans (the small one
 * the spec's 2 CPU, 2048 MiB RAM, 512 swap, 16384 storage at 600 / 1500 / 6000); the five-day trial at 0, tied to the local region. USD is
 * the spec's; other currencies are demo conversions. Each product is written once, when no product
 * with its key exists (other products staff add do not stop it); after that they are data staff
 * edit in /admin (to stop selling one, untick its prices' "public").
 */
const PRODUCTS = [
  { key: 'plus', name: 'Blockforge Plus', kind: 'plus', usd: { monthly: 499, quarterly: 1200, yearly: 4999 }, allCurrencies: true },
  // Hosting plans (spec §9 gives the small one's figures; plan advice: small 1–5 players, medium 6–15, large 15–25).
  { key: 'server-small', name: 'Server — Small', kind: 'server', unitary: false, cpus: 2, ram: 2048, swap: 512, storage: 16384, usd: { monthly: 600, quarterly: 1500, yearly: 6000 }, allCurrencies: false },
  { key: 'server-medium', name: 'Server — Medium', kind: 'server', unitary: false, cpus: 3, ram: 4096, swap: 1024, storage: 32768, usd: { monthly: 1200, quarterly: 3000, yearly: 12000 }, allCurrencies: false },
  { key: 'server-large', name: 'Server — Large', kind: 'server', unitary: false, cpus: 4, ram: 6144, swap: 1536, storage: 49152, usd: { monthly: 1800, quarterly: 4500, yearly: 18000 }, allCurrencies: false },
  { key: 'trial', name: 'Server trial', kind: 'trial', cpus: 2, ram: 2048, swap: 512, storage: 16384, region: 'local', usd: { fiveDays: 0 }, allCurrencies: false },
] as const satisfies readonly ProductSpec[]

const ready = new WeakMap<Payload, Promise<void>>()

export function ensureCatalogue(payload: Payload): Promise<void> {
  let done = ready.get(payload)
  if (!done) {
    done = seed(payload).catch((error) => {
      ready.delete(payload)
      throw error
    })
    ready.set(payload, done)
  }
  return done
}

/** A product as the catalogue writes it (USD minor units; other currencies are demo conversions). */
export type ProductSpec = {
  key: string
  name: string
  kind: string
  unitary?: boolean
  cpus?: number
  ram?: number
  swap?: number
  storage?: number
  region?: string
  usd: Partial<Record<'monthly' | 'quarterly' | 'yearly' | 'fiveDays', number>>
  allCurrencies: boolean
}

async function seed(payload: Payload): Promise<void> {
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended('billing-catalogue', 0))`)
    for (const product of PRODUCTS) await insertProduct(tx, product)
  })
}

/**
 * A product made on demand (a custom-RAM server plan): written once, under the catalogue's lock so
 * two buyers of the same size make one product.
 */
export async function ensureProduct(payload: Payload, product: ProductSpec): Promise<void> {
  await ensureCatalogue(payload)
  if (await db(payload).one(sql`SELECT 1 FROM billing_products WHERE key = ${product.key}`)) return
  await inTransaction(payload, async (tx) => {
    await tx.rows(sql`SELECT pg_advisory_xact_lock(hashtextextended('billing-catalogue', 0))`)
    await insertProduct(tx, product)
  })
}

async function insertProduct(tx: Tx, product: ProductSpec): Promise<void> {
  if (await tx.one(sql`SELECT 1 FROM billing_products WHERE key = ${product.key}`)) return
  const id = base62Id()
  await tx.rows(sql`
    INSERT INTO billing_products (id, key, name, kind, unitary, cpus, ram_mi_b, swap_mi_b, storage_mi_b, region, updated_at, created_at)
    VALUES (${id}, ${product.key}, ${product.name}, ${product.kind}, ${product.unitary ?? true}, ${product.cpus ?? null}, ${product.ram ?? null}, ${product.swap ?? null}, ${product.storage ?? null}, ${product.region ?? null}, now(), now())`)
  for (const currency of product.allCurrencies ? CURRENCIES : (['USD'] as const)) {
    const at = (v: number | undefined) => (v == null ? null : convertFromUsd(v, currency))
    await tx.rows(sql`
      INSERT INTO billing_prices (id, product_id, currency, monthly, quarterly, yearly, five_days, public, demo, updated_at, created_at)
      VALUES (${base62Id()}, ${id}, ${currency}, ${at(product.usd.monthly)}, ${at(product.usd.quarterly)}, ${at(product.usd.yearly)}, ${at(product.usd.fiveDays)}, true, ${currency !== 'USD'}, now(), now())`)
  }
}
