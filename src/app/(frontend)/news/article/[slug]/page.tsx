import { ArticlePage, articleMetadata, type ArticleRouteParams } from '@/components/news/ArticlePage'

// Reads the database on every request, as the visitor (drafts are for news editors only).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: ArticleRouteParams }) => articleMetadata(props)

export default function NewsArticleRoute(props: { params: ArticleRouteParams }) {
  return <ArticlePage {...props} />
}
