import { ArticlePage, articleMetadata, type ArticleRouteParams, type ArticleSearchParams } from '@/components/news/ArticlePage'

// Reads the database on every request, as the visitor (drafts are for news editors only; `?preview=1`
// is the admin's live preview of the latest draft, for them alone).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: ArticleRouteParams; searchParams: ArticleSearchParams }) => articleMetadata(props)

export default function NewsArticleRoute(props: { params: ArticleRouteParams; searchParams: ArticleSearchParams }) {
  return <ArticlePage {...props} />
}
