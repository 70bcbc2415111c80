import { CollectionPage, collectionMetadata, type CollectionRouteParams } from '@/components/profile/CollectionPage'

// Reads the database on every request, as the visitor (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: CollectionRouteParams }) => collectionMetadata(props)

export default function CollectionProjectTypeRoute(props: { params: CollectionRouteParams }) {
  return <CollectionPage {...props} />
}
