/**
 * A test node for hosting int tests: a private region and an enabled node pointing at a test agent
 * (tests/agent/harness.ts), and servers placed on it as the reconciler would leave them (available,
 * stopped). Keys are unique per call; `disable` takes the node out of placement when the file ends,
 * since other files share the database.
 */
import type { Payload } from 'payload'

import { db, sql } from '../../src/plugins/hosting/service/db'
import { TOKEN } from '../agent/harness'

export async function testNode(payload: Payload, agentUrl: string, prefix: string) {
  const key = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 12)
  await db(payload).rows(sql`INSERT INTO hosting_regions (id, key, name, public, updated_at, created_at) VALUES (${key}, ${key}, ${key}, false, now(), now())`)
  await db(payload).rows(sql`
    INSERT INTO hosting_nodes (id, name, region_id, url, public_host, token, memory_mi_b, max_servers, enabled, health, updated_at, created_at)
    VALUES (${key}, ${key}, ${key}, ${agentUrl}, '127.0.0.1', ${TOKEN}, 8192, 10, true, 'healthy', now(), now())`)
  return {
    key,
    /** A server of `ownerId` on this node, on a catalogue plan (the small one: 3 backup slots). */
    addServer: async (input: { id: string; ownerId: string; name?: string; plan?: string; gameVersion?: string }) =>
      db(payload).rows(sql`
        INSERT INTO servers (id, name, owner_id, product_id, region_id, node_id, game_version, loader, status, power_state, updated_at, created_at)
        VALUES (${input.id}, ${input.name ?? input.id}, ${input.ownerId}, (SELECT id FROM billing_products WHERE key = ${input.plan ?? 'server-small'}), ${key}, ${key}, ${input.gameVersion ?? '1.21.4'}, 'flying-squid', 'available', 'stopped', now(), now())`),
    disable: () => db(payload).rows(sql`UPDATE hosting_nodes SET enabled = false WHERE id = ${key}`),
  }
}
