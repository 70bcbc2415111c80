import type { Metadata } from 'next'

import { DeleteOrganization } from '@/components/organization/DeleteOrganization'
import { DetailsForm } from '@/components/organization/DetailsForm'
import { IconForm } from '@/components/organization/IconForm'
import { OrganizationSettingsFrame } from '@/components/organization/OrganizationSettingsFrame'
import { organizationSettingsMetadata, resolveOrganizationSettings, type OrganizationSettingsProps } from '@/components/organization/route'

export const dynamic = 'force-dynamic'

export const generateMetadata = (props: OrganizationSettingsProps): Promise<Metadata> => organizationSettingsMetadata(props, 'general')

/** /organization/{slug}/settings: icon, name, URL, summary; delete. */
export default async function OrganizationGeneralSettings(props: OrganizationSettingsProps) {
  const settings = await resolveOrganizationSettings(props, 'general')
  const { organization: org, can } = settings
  const saved = (await props.searchParams).saved === '1'
  return (
    <OrganizationSettingsFrame name={org.name} path={settings.path} active="general">
      <IconForm organizationId={org.id} iconUrl={settings.iconUrl} canSave={can.editDetails} />
      <DetailsForm organizationId={org.id} canSave={can.editDetails} saved={saved} stored={{ name: org.name, slug: org.slug, summary: org.description ?? '' }} />
      {can.delete ? <DeleteOrganization organizationId={org.id} name={org.name} owner={settings.ownerName} /> : null}
    </OrganizationSettingsFrame>
  )
}
