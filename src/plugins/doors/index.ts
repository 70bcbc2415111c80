import { APIError, type CollectionBeforeOperationHook, type Endpoint, type Plugin, type SanitizedConfig } from 'payload'

import { type Door, doorOfOperation, doorOfRoute, offers, OFFERED_COLLECTIONS, OFFERED_GLOBALS, OFFERED_ROOT, OWN_ENDPOINT, routeKey, type Route } from '../../access/operations'

/**
 * Every door is listed (src/access/operations.ts): a route or an operation a collection does not
 * offer is shut. Two steps, because Payload adds its own endpoints and collections only while it
 * builds the config: the plugin marks the site's own endpoints (so they are told apart from Payload's
 * built-ins of the same shape), `shutUnlistedDoors` then removes every unlisted route and puts the
 * operation check in front of every collection, Payload's own included.
 */
export const doorsPlugin =
  (): Plugin =>
  (config) => ({
    ...config,
    collections: (config.collections ?? []).map((c) => ({
      ...c,
      endpoints: c.endpoints === false ? false : (c.endpoints ?? []).map((e) => ({ ...e, custom: { ...e.custom, [OWN_ENDPOINT]: true } })),
    })),
  })

export class DoorShut extends APIError {
  constructor(what: string) {
    super(`${what} is not offered.`, 403, null, true)
  }
}

const LABEL: Record<string, string> = { duplicate: 'Duplicating', restoreVersion: 'Restoring a version', unlock: 'Unlocking an account' }

/**
 * Before every operation a user asks for (REST, GraphQL, the admin panel's server functions and our
 * own Local API calls made on a user's behalf): the door must be offered. The site's own writes
 * (`overrideAccess`) pass: they are not a door.
 */
export const refuseUnlistedOperations: CollectionBeforeOperationHook = ({ args, operation, overrideAccess, collection }) => {
  if (overrideAccess === true) return args
  const door = doorOfOperation(operation, args as { duplicateFromID?: unknown })
  if (door && !offers(collection.slug, door)) throw new DoorShut(`${LABEL[door] ?? `This operation (${door})`} on ${collection.slug}`)
  return args
}

/** A route Payload mounted and the doors table shut, kept for the doors test and the README. */
export type ShutRoute = { owner: string; route: string; door: string }
export const shutRoutesOf = (config: SanitizedConfig): ShutRoute[] => (config.custom?.shutRoutes as ShutRoute[] | undefined) ?? []

function keep(owner: string, endpoints: Endpoint[] | false | undefined, doorOf: (e: Route) => string, allowed: (door: string) => boolean, shut: ShutRoute[]): Endpoint[] | false {
  if (endpoints === false || !endpoints) return endpoints ?? false
  return endpoints.filter((e) => {
    const door = doorOf(e as Route)
    if (allowed(door)) return true
    shut.push({ owner, route: routeKey(e as Route), door })
    return false
  })
}

/** After Payload has built the config: only listed routes stay, and every collection checks its operations. */
export function shutUnlistedDoors(config: SanitizedConfig): SanitizedConfig {
  const shut: ShutRoute[] = []
  for (const collection of config.collections) {
    const slug = collection.slug
    collection.endpoints = keep(slug, collection.endpoints, (e) => doorOfRoute(e), (door) => offers(slug, door as Door), shut)
    // GraphQL then mounts no duplicateX mutation and the admin panel shows no "Duplicate".
    if (!offers(slug, 'duplicate')) collection.disableDuplicate = true
    collection.hooks.beforeOperation = [refuseUnlistedOperations, ...(collection.hooks.beforeOperation ?? [])]
  }
  for (const global of config.globals) {
    global.endpoints = keep(`global:${global.slug}`, global.endpoints, (e) => doorOfRoute(e, 'global'), (door) => offers(global.slug, door as Door, OFFERED_GLOBALS), shut)
  }
  config.endpoints = (keep('root', config.endpoints, (e) => routeKey(e), (key) => OFFERED_ROOT.includes(key), shut) || []) as SanitizedConfig['endpoints']
  config.custom = { ...config.custom, shutRoutes: shut }
  return config
}

/** For the README and the doors test: what each collection offers, and why. */
export const offeredDoors = () => ({ collections: OFFERED_COLLECTIONS, globals: OFFERED_GLOBALS, root: OFFERED_ROOT })
