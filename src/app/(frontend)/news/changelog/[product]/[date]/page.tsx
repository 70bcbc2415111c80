import { ChangelogEntryPage, changelogEntryMetadata, type ChangelogEntryParams } from '@/components/news/ChangelogEntryPage'

// Reads the database on every request (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: ChangelogEntryParams }) => changelogEntryMetadata(props)

export default function ChangelogEntryRoute(props: { params: ChangelogEntryParams }) {
  return <ChangelogEntryPage {...props} />
}
