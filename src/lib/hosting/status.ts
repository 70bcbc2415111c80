import { GAME_STATES, POWER_ACTIONS, type PowerAction } from './wireMessages'

/**
 * A hosted server's states (spec §4, as Modrinth's servers API names them): its status follows the
 * subscription and the install; its power state follows the game process on the node.
 */
export const SERVER_STATUSES = ['unprovisioned', 'installing', 'available', 'broken', 'suspended'] as const
export type ServerStatus = (typeof SERVER_STATUSES)[number]

export const SUSPENSION_REASONS = ['moderated', 'paymentfailed', 'cancelled', 'upgrading', 'other'] as const
export type SuspensionReason = (typeof SUSPENSION_REASONS)[number]

/** `unreachable`: the node stopped answering — we do not know, so we do not say running. */
export const POWER_STATES = [...GAME_STATES, 'unreachable'] as const
export type PowerState = (typeof POWER_STATES)[number]

export { POWER_ACTIONS, type PowerAction } from './wireMessages'
export const isPowerAction = (v: unknown): v is PowerAction => typeof v === 'string' && (POWER_ACTIONS as readonly string[]).includes(v)

/** Options are locked while a server installs or is not the owner's to run (spec §4). */
export const optionsLocked = (status: ServerStatus): boolean => status !== 'available' && status !== 'broken'

/** Why a suspended server is suspended, in the owner's words. */
export const SUSPENSION_TEXT: Record<SuspensionReason, string> = {
  moderated: 'Suspended by staff.',
  paymentfailed: 'Suspended: the last payment failed. Pay with another card to resume it.',
  cancelled: 'Suspended: the subscription ended. Resubscribe to resume it.',
  upgrading: 'Upgrading to a new plan.',
  other: 'Suspended.',
}
