import { LegalPageView, legalPageMetadata, type LegalRouteParams } from '@/components/legal/LegalPageView'

// Reads the database on every request: admins edit these texts at any time.
export const dynamic = 'force-dynamic'

export const generateMetadata = (props: { params: LegalRouteParams }) => legalPageMetadata(props)

export default function LegalRoute(props: { params: LegalRouteParams }) {
  return <LegalPageView {...props} />
}
