import { beforeEach, describe, expect, it, vi } from 'vitest'

const revalidatePath = vi.hoisted(() => vi.fn())
vi.mock('next/cache', () => ({ revalidatePath }))

import { refreshAfterWrite, stalePaths, type Written } from '../../src/lib/refreshAfterWrite'

describe('pages refreshed after a write', () => {
  beforeEach(() => revalidatePath.mockClear())

  it('names each written thing by the paths that show it', () => {
    const table: [Written, (readonly [string, ('layout' | 'page')?])[]][] = [
      ['site', [['/', 'layout']]],
      ['dashboard', [['/dashboard', 'layout']]],
      ['revenue', [['/dashboard/revenue', 'layout']]],
      ['myReports', [['/dashboard/reports']]],
      ['myOrganizations', [['/dashboard/organizations']]],
      ['myCollections', [['/dashboard/collections']]],
      ['reportQueue', [['/moderation/reports']]],
      ['organizations', [['/organization', 'layout']]],
      ['servers', [['/servers', 'layout']]],
      ['billing', [['/plus'], ['/servers'], ['/servers/manage', 'layout'], ['/settings/billing', 'layout']]],
      [{ settings: 'pats' }, [['/settings/pats']]],
      [{ project: '/mod/a-mod' }, [['/mod/a-mod', 'layout']]],
      [{ organization: 'a b' }, [['/organization/a%20b', 'layout']]],
      [{ collection: 'c/1' }, [['/collection/c%2F1', 'layout']]],
      [{ report: 'r1' }, [['/moderation/reports/r1']]],
      [{ adminBilling: 'u1' }, [['/admin/billing/u1']]],
      [{ adminRevenue: 'u1' }, [['/admin/revenue/u1']]],
      [{ page: '/moderation?tab=2' }, [['/moderation?tab=2']]],
    ]
    for (const [written, paths] of table) expect(stalePaths(written), JSON.stringify(written)).toEqual(paths)
  })

  it('marks every path stale in the order given', () => {
    refreshAfterWrite({ collection: 'c1' }, 'myCollections')
    expect(revalidatePath.mock.calls).toEqual([
      ['/collection/c1', 'layout'],
      ['/dashboard/collections', undefined],
    ])
  })
})
