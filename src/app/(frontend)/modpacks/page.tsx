import { SearchPage, searchPageMetadata, type SearchPageProps } from '@/components/search/SearchPage'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: SearchPageProps) => searchPageMetadata('modpack', props)

export default function ModpacksSearchPage(props: SearchPageProps) {
  return <SearchPage type="modpack" {...props} />
}
