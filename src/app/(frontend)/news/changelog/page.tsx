import { ChangelogPage, changelogMetadata, type ChangelogSearchParams } from '@/components/news/ChangelogPage'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { searchParams: ChangelogSearchParams }) => changelogMetadata(props)

export default function ChangelogRoute(props: { searchParams: ChangelogSearchParams }) {
  return <ChangelogPage {...props} />
}
