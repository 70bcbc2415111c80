import { getTranslations } from 'next-intl/server'

import type { SiteSearchState } from '@/lib/search/siteQuery'

import { FilterSections } from './FilterSections'
import type { SearchPageData } from './load'
import { sidebarData, type SidebarTranslate } from './sidebarData'

type Props = { projectType: string; path: string; state: SiteSearchState; data: SearchPageData; tagLabel: (name: string) => string }

/** The filter sidebar: its rows worked out here (sidebarData), drawn by a client component from them. */
export async function FilterSidebar(props: Props) {
  const t = await getTranslations('Search')
  return <FilterSections data={sidebarData(props, t as unknown as SidebarTranslate)} />
}
