import { describe, expect, it } from 'vitest'

import { ALL_PROJECT_PERMISSIONS, hasBits, MODERATOR_ORGANIZATION_PERMISSIONS, MODERATOR_PROJECT_PERMISSIONS, namesOf, OrganizationPermissions, ProjectPermissions } from '../../src/access/core/permissions'
import { isAdmin, isNewsEditor, isStaff } from '../../src/access/core/roles'

describe('permission catalogue', () => {
  it('uses the reference bit positions', () => {
    expect(ProjectPermissions).toEqual({ UPLOAD_VERSION: 1, DELETE_VERSION: 2, EDIT_DETAILS: 4, EDIT_BODY: 8, MANAGE_INVITES: 16, REMOVE_MEMBER: 32, EDIT_MEMBER: 64, DELETE_PROJECT: 128, VIEW_ANALYTICS: 256, VIEW_PAYOUTS: 512 })
    expect(OrganizationPermissions.EDIT_MEMBER_DEFAULT_PERMISSIONS).toBe(128)
    expect(ALL_PROJECT_PERMISSIONS).toBe(1023)
  })
  it('gives moderators edit details, edit body and upload on projects; details and add project on organizations', () => {
    expect(namesOf(ProjectPermissions, MODERATOR_PROJECT_PERMISSIONS).sort()).toEqual(['EDIT_BODY', 'EDIT_DETAILS', 'UPLOAD_VERSION'])
    expect(namesOf(OrganizationPermissions, MODERATOR_ORGANIZATION_PERMISSIONS).sort()).toEqual(['ADD_PROJECT', 'EDIT_DETAILS'])
  })
  it('checks every requested bit', () => {
    expect(hasBits(ProjectPermissions.EDIT_BODY | ProjectPermissions.EDIT_DETAILS, ProjectPermissions.EDIT_BODY)).toBe(true)
    expect(hasBits(ProjectPermissions.EDIT_BODY, ProjectPermissions.EDIT_BODY | ProjectPermissions.EDIT_DETAILS)).toBe(false)
    expect(hasBits(null, ProjectPermissions.EDIT_BODY)).toBe(false)
  })
})

describe('roles', () => {
  it('treats moderators and admins as staff, only admins as admin', () => {
    expect(isStaff({ id: 'a', role: 'moderator' })).toBe(true)
    expect(isStaff({ id: 'a', role: 'developer' })).toBe(false)
    expect(isAdmin({ id: 'a', role: 'moderator' })).toBe(false)
    expect(isStaff(null)).toBe(false)
  })
  it('lets admins and users with the capability edit news', () => {
    expect(isNewsEditor({ id: 'a', role: 'admin' })).toBe(true)
    expect(isNewsEditor({ id: 'a', role: 'developer', newsEditor: true })).toBe(true)
    expect(isNewsEditor({ id: 'a', role: 'moderator' })).toBe(false)
  })
})
