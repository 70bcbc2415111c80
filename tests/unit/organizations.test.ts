import { describe, expect, it } from 'vitest'

import { ALL_ORGANIZATION_PERMISSIONS, OrganizationPermissions as O, ProjectPermissions as P } from '../../src/access/core/permissions'
import { deleteConfirmed, isReservedOrganizationSlug, organizationAbilities, organizationBitsFrom, parseOrganizationInput, projectBitsFrom } from '../../src/lib/organizations/rules'

describe('organization input', () => {
  it('accepts a name, slug and summary, the slug lower-cased', () => {
    expect(parseOrganizationInput({ name: ' Team Rocket ', slug: 'Team-Rocket', summary: ' We make mods. ' })).toEqual({ ok: true, data: { name: 'Team Rocket', slug: 'team-rocket', summary: 'We make mods.' } })
  })
  it('names each field’s problem', () => {
    expect(parseOrganizationInput({ name: 'ab', slug: 'a b', summary: 'x'.repeat(257) })).toEqual({ ok: false, fields: { name: 'nameLength', slug: 'slugPattern', summary: 'summaryLength' } })
  })
  it('refuses reserved slugs in any case', () => {
    expect(isReservedOrganizationSlug('Settings')).toBe(true)
    expect(isReservedOrganizationSlug('my-org')).toBe(false)
    expect(parseOrganizationInput({ name: 'Dash', slug: 'DASHBOARD', summary: '' })).toEqual({ ok: false, fields: { slug: 'slugReserved' } })
  })
})

describe('permission bits from a form', () => {
  it('keeps only single catalogue bits', () => {
    expect(organizationBitsFrom([String(O.ADD_PROJECT), String(O.EDIT_DETAILS), '1024', 'x', '-1', '3'])).toBe(O.ADD_PROJECT | O.EDIT_DETAILS | 3)
    expect(organizationBitsFrom(['256'])).toBe(0)
    expect(projectBitsFrom([String(P.VIEW_PAYOUTS), String(1 << 10)])).toBe(P.VIEW_PAYOUTS)
  })
  it('abilities follow the bits', () => {
    expect(organizationAbilities(O.ADD_PROJECT)).toMatchObject({ addProject: true, removeProject: false, delete: false })
    expect(Object.values(organizationAbilities(ALL_ORGANIZATION_PERMISSIONS)).every(Boolean)).toBe(true)
  })
  it('deleting needs the name typed out', () => {
    expect(deleteConfirmed(' My Org ', 'My Org')).toBe(true)
    expect(deleteConfirmed('my org', 'My Org')).toBe(false)
    expect(deleteConfirmed(null, 'My Org')).toBe(false)
  })
})
