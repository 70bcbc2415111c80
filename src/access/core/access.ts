import type { Access, FieldAccess } from 'payload'

import { actorOf, isAdmin, isStaff } from './roles'

export const anyone: Access = () => true
export const nobody: Access = () => false
export const signedIn: Access = ({ req }) => !!actorOf(req)
export const staffOnlyAccess: Access = ({ req }) => isStaff(actorOf(req))
export const adminOnlyAccess: Access = ({ req }) => isAdmin(actorOf(req))

export const staffField: FieldAccess = ({ req }) => isStaff(actorOf(req))
export const adminField: FieldAccess = ({ req }) => isAdmin(actorOf(req))
export const noField: FieldAccess = () => false

/** Documents whose `field` is the signed-in user; staff see all. */
export const ownedByOrStaff =
  (field: string): Access =>
  ({ req }) => {
    const actor = actorOf(req)
    if (!actor) return false
    if (isStaff(actor)) return true
    return { [field]: { equals: actor.id } }
  }

/** Documents whose `field` is the signed-in user; admins see all. */
export const ownedByOrAdmin =
  (field: string): Access =>
  ({ req }) => {
    const actor = actorOf(req)
    if (!actor) return false
    if (isAdmin(actor)) return true
    return { [field]: { equals: actor.id } }
  }
