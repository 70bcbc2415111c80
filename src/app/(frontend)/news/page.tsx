import { NewsIndexPage, newsIndexMetadata, type NewsIndexSearchParams } from '@/components/news/NewsIndexPage'

// Reads the database on every request, as the visitor (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = () => newsIndexMetadata()

export default function NewsPage(props: { searchParams: NewsIndexSearchParams }) {
  return <NewsIndexPage {...props} />
}
