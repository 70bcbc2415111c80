/**
 * Plan advice (spec §9): which plan suits how many players. The plans themselves (cpu, ram, swap,
 * storage, prices) are billing products (src/plugins/billing/service/catalogue.ts).
 */
import { customPlanGib, customPlayers } from './customPlan'

export const SERVER_PLAN_KEYS = ['server-small', 'server-medium', 'server-large'] as const
export type ServerPlanKey = (typeof SERVER_PLAN_KEYS)[number]
export const isServerPlanKey = (v: unknown): v is ServerPlanKey => typeof v === 'string' && (SERVER_PLAN_KEYS as readonly string[]).includes(v)

export const PLAN_PLAYERS: Record<ServerPlanKey | 'trial', { min: number; max: number }> = {
  'server-small': { min: 1, max: 5 },
  'server-medium': { min: 6, max: 15 },
  'server-large': { min: 15, max: 25 },
  trial: { min: 1, max: 5 },
}

/** The players a plan is advised for, as the server's default max players. */
export const maxPlayersOf = (planKey: string): number => {
  const gib = customPlanGib(planKey)
  return gib !== null ? customPlayers(gib).max : ((PLAN_PLAYERS as Record<string, { max: number }>)[planKey]?.max ?? 5)
}

/** The smallest plan advised for `players`. */
export function planForPlayers(players: number): ServerPlanKey {
  for (const key of SERVER_PLAN_KEYS) if (players <= PLAN_PLAYERS[key].max) return key
  return 'server-large'
}

/** A server's default name: the owner's name and a number (Modrinth: "<user>'s server"). */
export const defaultServerName = (username: string): string => `${username}'s server`
