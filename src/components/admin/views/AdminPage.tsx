import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

/** Our custom admin views inside Payload's own frame (nav, header), as its views are. */
export function AdminPage({ props, title, children }: { props: AdminViewServerProps; title: string; children: ReactNode }) {
  const { initPageResult, params, searchParams } = props
  const { req, locale, permissions, visibleEntities } = initPageResult
  return (
    <DefaultTemplate i18n={req.i18n} locale={locale} params={params} payload={req.payload} permissions={permissions} searchParams={searchParams} user={req.user ?? undefined} visibleEntities={visibleEntities} req={req}>
      <SetStepNav nav={[{ label: title }]} />
      <Gutter>
        <div className="bf-admin-view">{children}</div>
      </Gutter>
    </DefaultTemplate>
  )
}
