import { UserProfilePage, userProfileMetadata, type UserRouteParams } from '@/components/profile/UserProfilePage'

// Reads the database on every request, as the visitor (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: UserRouteParams }) => userProfileMetadata(props)

export default function UserProjectTypePage(props: { params: UserRouteParams }) {
  return <UserProfilePage {...props} />
}
