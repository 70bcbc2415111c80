/** The one catalogue of team permission bits (reference §3). */
export const ProjectPermissions = {
  UPLOAD_VERSION: 1 << 0,
  DELETE_VERSION: 1 << 1,
  EDIT_DETAILS: 1 << 2,
  EDIT_BODY: 1 << 3,
  MANAGE_INVITES: 1 << 4,
  REMOVE_MEMBER: 1 << 5,
  EDIT_MEMBER: 1 << 6,
  DELETE_PROJECT: 1 << 7,
  VIEW_ANALYTICS: 1 << 8,
  VIEW_PAYOUTS: 1 << 9,
} as const
export type ProjectPermission = keyof typeof ProjectPermissions
export const ALL_PROJECT_PERMISSIONS = Object.values(ProjectPermissions).reduce((a, b) => a | b, 0)
/** What a moderator may do on any project. */
export const MODERATOR_PROJECT_PERMISSIONS =
  ProjectPermissions.EDIT_DETAILS | ProjectPermissions.EDIT_BODY | ProjectPermissions.UPLOAD_VERSION

export const OrganizationPermissions = {
  EDIT_DETAILS: 1 << 0,
  MANAGE_INVITES: 1 << 1,
  REMOVE_MEMBER: 1 << 2,
  EDIT_MEMBER: 1 << 3,
  ADD_PROJECT: 1 << 4,
  REMOVE_PROJECT: 1 << 5,
  DELETE_ORGANIZATION: 1 << 6,
  EDIT_MEMBER_DEFAULT_PERMISSIONS: 1 << 7,
} as const
export type OrganizationPermission = keyof typeof OrganizationPermissions
export const ALL_ORGANIZATION_PERMISSIONS = Object.values(OrganizationPermissions).reduce((a, b) => a | b, 0)
export const MODERATOR_ORGANIZATION_PERMISSIONS =
  OrganizationPermissions.EDIT_DETAILS | OrganizationPermissions.ADD_PROJECT

/** User badges bitfield (bits 0–7). */
export const Badges = {
  MIDAS: 1 << 0,
  EARLY_MODPACK_ADOPTER: 1 << 1,
  EARLY_RESPACK_ADOPTER: 1 << 2,
  EARLY_PLUGIN_ADOPTER: 1 << 3,
  ALPHA_TESTER: 1 << 4,
  CONTRIBUTOR: 1 << 5,
  TRANSLATOR: 1 << 6,
  AFFILIATE: 1 << 7,
} as const

export const hasBits = (value: number | null | undefined, bits: number): boolean =>
  ((value ?? 0) & bits) === bits

export function namesOf<T extends Record<string, number>>(catalogue: T, value: number): (keyof T)[] {
  return (Object.keys(catalogue) as (keyof T)[]).filter((k) => hasBits(value, catalogue[k]))
}
