import type { Validate } from 'payload'

import { MAX_PRIMARY_CATEGORIES } from '../../lib/limits'

/** Categories are tag names valid for the project's type; at most three primary ones. */
export const validateCategories =
  (primary: boolean): Validate<string[]> =>
  async (value, { req, siblingData }) => {
    const names = (value ?? []).filter(Boolean)
    if (primary && names.length > MAX_PRIMARY_CATEGORIES) return `Choose at most ${MAX_PRIMARY_CATEGORIES} categories.`
    if (names.length === 0) return true
    const projectType = (siblingData as { projectType?: string }).projectType
    const found = await req.payload.find({
      collection: 'categories',
      where: { and: [{ name: { in: names } }, ...(projectType ? [{ projectType: { equals: projectType } }] : [])] },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
      select: { name: true },
    })
    const known = new Set(found.docs.map((d) => d.name))
    const unknown = names.filter((n) => !known.has(n))
    return unknown.length ? `Unknown category for ${projectType ?? 'this project type'}: ${unknown.join(', ')}` : true
  }
