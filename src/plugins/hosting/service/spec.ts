import { maxPlayersOf } from '../../../lib/hosting/plans'
import type { PlanRow, ServerRow } from './rows'

/** What the node is told to run (`PUT /servers/:id`): the plan's limits and the server's settings. */
export function installSpec(row: ServerRow, plan: PlanRow) {
  return {
    // Payload's number columns are `numeric`: the driver hands them back as text.
    plan: { ram_mb: Number(plan.ram_mi_b), swap_mb: Number(plan.swap_mi_b ?? 0), cpu_cores: Number(plan.cpus ?? 1), storage_mb: Number(plan.storage_mi_b ?? 1024), max_players: maxPlayersOf(plan.key) },
    game_version: row.game_version,
    loader: row.loader,
    properties: row.properties ?? {},
    ...(row.port ? { port: Number(row.port) } : {}),
  }
}
