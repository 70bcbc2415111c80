import type { PowerState, ServerStatus, SuspensionReason } from '../../../lib/hosting/status'

export class HostingError extends Error {}

/** A `servers` row as the hosting service reads it (Payload's column names). */
export type ServerRow = {
  id: string
  name: string
  owner_id: string | null
  subscription_id: string | null
  /** A trial's paid plan waiting for its first payment (./plan.ts keepAfterTrial). */
  next_subscription_id?: string | null
  product_id: string
  region_id: string
  node_id: string | null
  port: string | number | null
  game_version: string
  loader: string
  properties: Record<string, string | number | boolean> | null
  /** `{ heap_mb?, flags? }` (src/lib/hosting/startup.ts); null: automatic. */
  startup?: Record<string, unknown> | null
  /** src/lib/hosting/preferences.ts; null: the defaults. */
  preferences?: Record<string, unknown> | null
  status: ServerStatus
  suspension_reason: SuspensionReason | null
  power_state: PowerState | null
  last_error: string | null
  status_changed_at: Date | string | null
  created_at: Date
}

export type NodeRow = { id: string; name: string; url: string; console_url: string | null; public_host: string; token: string; region_id: string }

/** What a plan gives a server (billing product columns). */
/** Payload's number columns are `numeric`: the driver returns them as text. */
export type PlanRow = { key: string; kind: string; cpus: string | null; ram_mi_b: string | null; swap_mi_b: string | null; storage_mi_b: string | null }
