/**
 * What travels between the site, the browser and a node's agent (the names follow Modrinth's servers
 * API, which the site's console is modelled on).
 */

export const POWER_ACTIONS = ['start', 'stop', 'restart', 'kill'] as const
export type PowerAction = (typeof POWER_ACTIONS)[number]

/** A game process's state on the node. */
export const GAME_STATES = ['running', 'stopped', 'starting', 'stopping', 'crashed'] as const
export type GameState = (typeof GAME_STATES)[number]

/** Browser → agent, on the console websocket. The first message must be `auth`. */
export type ConsoleClientMessage = { event: 'auth'; token: string } | { event: 'command'; line: string }

export type StatsMessage = {
  event: 'stats'
  /** CPU used, as a share of the plan's cores: 0–100. */
  cpu_percent: number
  ram_usage_bytes: number
  /** The plan's memory. */
  ram_total_bytes: number
  players_online: number
}

export type PowerStateMessage = {
  event: 'power-state'
  state: GameState
  /** The last exit was the kernel's (or Docker's) out-of-memory kill. */
  oom_killed: boolean
  exit_code: number | null
}

/** A backup's state on the node: made (`creating` → `ready` | `failed`), restored (`ready` → `restoring` → `ready`). */
export const BACKUP_STATES = ['creating', 'ready', 'failed', 'restoring'] as const
export type BackupState = (typeof BACKUP_STATES)[number]

/** A backup as the agent lists it (GET /servers/:id/backups; src/agent/server.ts). */
export type BackupView = {
  uuid: string
  name: string | null
  state: BackupState
  /** 0–100 while it is made; 100 once ready. */
  progress: number
  /** The archive's bytes and SHA-256 (hex), once ready. */
  size: number | null
  sha256: string | null
  created_at: string
  finished_at: string | null
  /** Why it failed. */
  reason: string | null
  /** Why the last restore from it failed (null once one succeeds). */
  restore_error: string | null
}

/**
 * A backup being made or restored. Making: `creating` with `progress` (0–100: the folder's bytes
 * archived so far), then `ready` (100) or `failed` with the `reason`. Restoring: `restoring` with
 * `progress` (the archive's bytes extracted), then `restored` or `restore_failed` with the `reason`.
 */
export type BackupMessage = {
  event: 'backup'
  uuid: string
  state: BackupState | 'restored' | 'restore_failed'
  progress: number
  reason?: string
}

/** Agent → browser, on the console websocket. */
export type ConsoleServerMessage =
  | { event: 'auth-ok' }
  | { event: 'log'; line: string }
  | StatsMessage
  | PowerStateMessage
  | { event: 'installation-result'; ok: boolean; reason?: string }
  | BackupMessage
  | { event: 'error'; description: string }

/** Close codes of the console websocket. */
export const CONSOLE_CLOSE = {
  /** No valid `auth` first (missing, wrong, expired, or for another server). */
  unauthorized: 4001,
  /** The server was deleted while the console was open. */
  gone: 4004,
} as const

/** A console command is one line of text. */
export const MAX_COMMAND_LENGTH = 1000
