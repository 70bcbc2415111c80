import { SearchPage, searchPageMetadata, type SearchPageProps } from '@/components/search/SearchPage'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: SearchPageProps) => searchPageMetadata('resourcepack', props)

export default function ResourcepacksSearchPage(props: SearchPageProps) {
  return <SearchPage type="resourcepack" {...props} />
}
