/**
 * The choices of the "Create a project" and settings forms, without their schemas (./create.ts,
 * ./forms.ts): the create dialog is in the site header, and importing a schema would put zod into
 * every page.
 */
export const CREATABLE_TYPES = ['mod', 'modpack', 'resourcepack', 'shader', 'plugin', 'datapack'] as const
export const VISIBILITIES = ['approved', 'unlisted', 'private', 'draft'] as const
