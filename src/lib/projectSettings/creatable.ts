/**
 * The choices of the "Create a project" and settings forms, without their schemas (./create.ts,
 * ./forms.ts): the create dialog is in the site header, and importing a schema would put zod into
 * every page.
 */
import { PROJECT_TYPES } from '../projectTypes'

/** Every project type can be created, in the stored order. */
export const CREATABLE_TYPES = PROJECT_TYPES
export const VISIBILITIES = ['approved', 'unlisted', 'private', 'draft'] as const
