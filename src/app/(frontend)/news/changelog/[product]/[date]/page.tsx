import { ChangelogEntryPage, changelogEntryMetadata, type ChangelogEntryParams, type ChangelogEntrySearchParams } from '@/components/news/ChangelogEntryPage'

// Reads the database on every request (the build has no database), as the visitor (`?preview={id}` is
// the admin's live preview of an entry's latest draft, for news editors alone).
export const dynamic = 'force-dynamic'

type Props = { params: ChangelogEntryParams; searchParams: ChangelogEntrySearchParams }

export const generateMetadata = (props: Props) => changelogEntryMetadata(props)

export default function ChangelogEntryRoute(props: Props) {
  return <ChangelogEntryPage {...props} />
}
