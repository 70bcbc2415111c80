import { describe, expect, it } from 'vitest'

import { resolveRange } from '../../src/lib/analytics/ranges'
import { buildSeries, toCsv, tooltipRows } from '../../src/lib/analytics/series'
import { countDay, seenKey } from '../../src/lib/analytics/window'

const now = new Date('2026-03-15T18:30:00Z')

describe('analytics ranges', () => {
  it('this month, last month and the previous 30 days, as inclusive UTC days', () => {
    expect(resolveRange('this-month', now)).toMatchObject({ from: '2026-03-01', to: '2026-03-15' })
    expect(resolveRange('this-month', now).days).toHaveLength(15)
    expect(resolveRange('last-month', now)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' })
    expect(resolveRange('last-month', new Date('2026-01-10T00:00:00Z'))).toMatchObject({ from: '2025-12-01', to: '2025-12-31' })
    const thirty = resolveRange('previous-30-days', now)
    expect(thirty).toMatchObject({ from: '2026-02-14', to: '2026-03-15' })
    expect(thirty.days).toHaveLength(30)
    expect(resolveRange('nonsense', now).key).toBe('previous-30-days')
  })
  it('a custom range is checked: readable, in order, not past today, at most a year', () => {
    expect(resolveRange('custom', now, { from: '2026-01-01', to: '2026-01-07' })).toMatchObject({ key: 'custom', from: '2026-01-01', to: '2026-01-07' })
    expect(resolveRange('custom', now, { from: '2026-03-10', to: '2026-04-30' })).toMatchObject({ to: '2026-03-15' })
    expect(resolveRange('custom', now, { from: '2026-02-30', to: '2026-03-01' }).error).toBe('invalidCustom')
    expect(resolveRange('custom', now, { from: '2026-03-10', to: '2026-03-01' }).error).toBe('invalidCustom')
    expect(resolveRange('custom', now, { from: '2020-01-01', to: '2026-03-01' }).error).toBe('tooLong')
  })
})

describe('series, tooltip and CSV', () => {
  const days = ['2026-03-01', '2026-03-02']
  const projects = Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, title: `Project ${String(i).padStart(2, '0')}` }))
  const rows = projects.flatMap((p, i) => [{ projectId: p.id, day: '2026-03-01', count: i }, { projectId: p.id, day: '2026-03-02', count: 1 }])
  const series = buildSeries(days, projects, [...rows, { projectId: 'p3', day: '2026-02-01', count: 99 }, { projectId: 'other', day: '2026-03-01', count: 5 }])

  it('fills each project’s days, ignores other days and projects, largest first', () => {
    expect(series[0]).toEqual({ projectId: 'p19', title: 'Project 19', values: [19, 1], total: 20 })
    expect(series.find((s) => s.projectId === 'p3')?.total).toBe(4)
  })
  it('the tooltip lists at most 15 projects, largest first, none at zero', () => {
    const first = tooltipRows(series, 0)
    expect(first).toHaveLength(15)
    expect(first[0]).toEqual({ title: 'Project 19', value: 19 })
    expect(first.at(-1)).toEqual({ title: 'Project 05', value: 5 })
    expect(tooltipRows(series.slice(0, 2), 0)).toHaveLength(2)
  })
  it('CSV has a row per project and a total, and defuses formulas', () => {
    const csv = toCsv(days, [{ projectId: 'x', title: '=HYPERLINK("evil")', values: [1, 2], total: 3 }, { projectId: 'y', title: 'Plain, with comma', values: [0, 4], total: 4 }])
    expect(csv.split('\r\n')).toEqual(['project,2026-03-01,2026-03-02,total', `"'=HYPERLINK(""evil"")",1,2,3`, '"Plain, with comma",0,4,4', 'All projects,1,6,7', ''])
  })
})

describe('counting keys', () => {
  it('never hold the address, and differ per thing counted', () => {
    const k = seenKey('secret', 'download', 'v1', '203.0.113.9')
    expect(k).not.toContain('203.0.113.9')
    expect(k).not.toBe(seenKey('secret', 'download', 'v2', '203.0.113.9'))
    expect(k).not.toBe(seenKey('secret', 'view', 'v1', '203.0.113.9'))
    expect(k).toBe(seenKey('secret', 'download', 'v1', '203.0.113.9'))
    expect(countDay(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01')
  })
})
