import { OrganizationPage, organizationMetadata, type OrganizationRouteParams } from '@/components/profile/OrganizationPage'

// Reads the database on every request, as the visitor (the build has no database).
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: OrganizationRouteParams }) => organizationMetadata(props)

export default function OrganizationProjectTypeRoute(props: { params: OrganizationRouteParams }) {
  return <OrganizationPage {...props} />
}
