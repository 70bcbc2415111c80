import { describe, expect, it } from 'vitest'

import {
  displayTypeOf,
  filterByType,
  projectTotals,
  projectTypeCounts,
  projectsShownTo,
  sortForProfile,
} from '@/lib/profile/projects'
import { projectTypeFromSegment, projectTypeSegment } from '@/lib/projectTypes'

const p = (projectType: string, status: string, downloads: number | null, followers: number | null, loaders: string[] = [], title = '') => ({
  projectType,
  status,
  downloads,
  followers,
  loaders,
  title,
})

describe('projectTotals', () => {
  it('sums downloads and followers', () => {
    expect(projectTotals([p('mod', 'approved', 10, 2), p('shader', 'archived', 1_500, 40)])).toEqual({ downloads: 1_510, followers: 42 })
  })
  it('is zero for no projects, and counts missing, negative or non-finite numbers as 0', () => {
    expect(projectTotals([])).toEqual({ downloads: 0, followers: 0 })
    expect(projectTotals([p('mod', 'approved', null, -3), p('mod', 'approved', Number.NaN, Infinity), p('mod', 'approved', 5, 1)])).toEqual({ downloads: 5, followers: 1 })
  })
})

describe('projectsShownTo', () => {
  const all = ['approved', 'archived', 'draft', 'unlisted', 'private', 'rejected', 'processing', 'withheld', 'scheduled'].map((s) => p('mod', s, 1, 1))
  it('shows only listed statuses (approved, archived) to others', () => {
    expect(projectsShownTo(all, false).map((x) => x.status)).toEqual(['approved', 'archived'])
  })
  it('shows everything to the owner and staff', () => {
    expect(projectsShownTo(all, true)).toHaveLength(all.length)
  })
})

describe('project types of the sub-routes', () => {
  it('accepts plural and singular segments, case-insensitively', () => {
    expect(projectTypeFromSegment('mods')).toBe('mod')
    expect(projectTypeFromSegment('Modpacks')).toBe('modpack')
    expect(projectTypeFromSegment('resourcepack')).toBe('resourcepack')
    expect(projectTypeFromSegment('datapacks')).toBe('datapack')
  })
  it('rejects anything else', () => {
    for (const s of ['', 'collections', 'modss', 'user', undefined, null]) expect(projectTypeFromSegment(s)).toBeNull()
  })
  it('links to the plural', () => {
    expect(projectTypeSegment('shader')).toBe('shaders')
  })
  it('shows mods with plugin or data-pack loaders as plugins or data packs', () => {
    expect(displayTypeOf(p('mod', 'approved', 0, 0, ['paper']))).toBe('plugin')
    expect(displayTypeOf(p('mod', 'approved', 0, 0, ['datapack', 'fabric']))).toBe('datapack')
    expect(displayTypeOf(p('mod', 'approved', 0, 0, ['fabric']))).toBe('mod')
    expect(displayTypeOf(p('shader', 'approved', 0, 0, ['iris']))).toBe('shader')
  })
  it('filters and counts by displayed type, in the site order', () => {
    const list = [p('shader', 'approved', 0, 0), p('mod', 'approved', 0, 0, ['paper']), p('mod', 'approved', 0, 0, ['fabric']), p('mod', 'approved', 0, 0, ['forge'])]
    expect(filterByType(list, 'mod')).toHaveLength(2)
    expect(filterByType(list, 'plugin')).toHaveLength(1)
    expect(filterByType(list, null)).toHaveLength(4)
    expect(projectTypeCounts(list)).toEqual([
      { type: 'mod', count: 2 },
      { type: 'plugin', count: 1 },
      { type: 'shader', count: 1 },
    ])
  })
})

describe('sortForProfile', () => {
  it('puts the most downloaded first, then by title', () => {
    const sorted = sortForProfile([p('mod', 'approved', 5, 0, [], 'b'), p('mod', 'approved', 50, 0, [], 'z'), p('mod', 'approved', 5, 0, [], 'a')])
    expect(sorted.map((x) => x.title)).toEqual(['z', 'a', 'b'])
  })
})
