import type { CollectionConfig } from 'payload'

import { adminOnlyAccess, anyone, staffOnlyAccess } from '../../../access/core/access'
import { adminOnlyRule } from '../../../access/core/rules'
import { guarded } from '../../../access/core/writeRules'
import { idField } from '../../../fields/id'

/**
 * Where servers run (spec §3): regions players pick from, and the nodes — one agent each
 * (src/agent) — that serve a region. Administrators keep both in /admin; the site's hosting code
 * writes a node's health.
 */
export const HostingRegions: CollectionConfig = {
  slug: 'hosting-regions',
  graphQL: { singularName: 'HostingRegion', pluralName: 'HostingRegions' },
  labels: { singular: 'Region', plural: 'Regions' },
  admin: { group: 'Servers', useAsTitle: 'name', defaultColumns: ['name', 'key', 'public'] },
  access: { read: anyone, create: adminOnlyAccess, update: adminOnlyAccess, delete: adminOnlyAccess },
  fields: [
    idField,
    { name: 'key', type: 'text', required: true, unique: true, admin: { description: 'Stable name used by the site and plans: local, north-america …' } },
    { name: 'name', type: 'text', required: true },
    { name: 'public', type: 'checkbox', defaultValue: true, admin: { description: 'Offered when buying a server.' } },
  ],
}

export const HostingNodes: CollectionConfig = {
  slug: 'hosting-nodes',
  // Not `Node`: GraphQL's own name for an object with an id.
  graphQL: { singularName: 'HostingNode', pluralName: 'HostingNodes' },
  labels: { singular: 'Node', plural: 'Nodes' },
  admin: { group: 'Servers', useAsTitle: 'name', defaultColumns: ['name', 'region', 'health', 'lastSeenAt'] },
  access: { read: staffOnlyAccess, create: adminOnlyAccess, update: adminOnlyAccess, delete: adminOnlyAccess },
  fields: [
    idField,
    { name: 'name', type: 'text', required: true },
    guarded({ name: 'region', type: 'relationship', relationTo: 'hosting-regions', required: true, index: true }, adminOnlyRule),
    { name: 'url', type: 'text', required: true, admin: { description: 'The agent’s address as the site reaches it, e.g. http://10.0.0.5:8095.' } },
    { name: 'consoleUrl', type: 'text', admin: { description: 'The agent’s address as browsers reach it (console websocket). Empty: the same as above.' } },
    { name: 'publicHost', type: 'text', required: true, admin: { description: 'The host players join: an IP or a name.' } },
    guarded(
      {
        name: 'token',
        type: 'text',
        required: true,
        // Written by administrators, read by nobody through Payload: the site reads it from the database to sign.
        access: { read: () => false },
        admin: { description: 'The agent’s AGENT_TOKEN. Write-only.' },
      },
      adminOnlyRule,
    ),
    guarded({ name: 'memoryMiB', type: 'number', required: true, min: 256, admin: { description: 'Memory the node gives to servers.' } }, adminOnlyRule),
    guarded({ name: 'maxServers', type: 'number', required: true, min: 1, defaultValue: 20 }, adminOnlyRule),
    guarded({ name: 'enabled', type: 'checkbox', defaultValue: true, admin: { description: 'Unticked: no new servers are placed here.' } }, adminOnlyRule),
    // Kept by the site (service/nodes.ts) from the agent's answers.
    guarded({ name: 'health', type: 'select', defaultValue: 'unknown', options: ['unknown', 'healthy', 'unreachable'], admin: { readOnly: true } }, adminOnlyRule),
    guarded({ name: 'lastSeenAt', type: 'date', admin: { readOnly: true } }, adminOnlyRule),
  ],
}
