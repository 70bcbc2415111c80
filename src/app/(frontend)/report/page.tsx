import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ReportForm } from '@/components/reports/ReportForm'
import { requireUser } from '@/lib/auth/guard'
import { currentViewer } from '@/lib/data/currentViewer'
import { reportTypes } from '@/lib/data/reports'
import { reasonNamer } from '@/lib/reports/reasonNames'
import { REPORT_ITEM_TYPES } from '@/lib/reports/rules'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Reports')
  return { title: t('metaTitle'), robots: { index: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''

/** /report (spec §2 report form): what, which, why — all required; `?type=&id=` fills in the item from a report button. */
export default async function ReportPage({ searchParams }: Props) {
  await requireUser()
  const [t, params, viewer] = await Promise.all([getTranslations('Reports'), searchParams, currentViewer()])
  const type = (REPORT_ITEM_TYPES as readonly string[]).includes(one(params.type)) ? one(params.type) : 'project'
  const [types, reasonName] = await Promise.all([reportTypes(viewer), reasonNamer()])
  const reasons = types.map((r) => ({ id: r.id, name: reasonName(r.id) }))
  return (
    <div className="container single-page report-page">
      <div className="settings-content">
        <header className="settings-header">
          <h1 className="settings-header__title">{t('heading')}</h1>
          <p className="settings-header__lead">{t('lead')}</p>
        </header>
        <ReportForm
          reasons={reasons}
          initial={{ itemType: type, item: one(params.id).slice(0, 500) }}
          texts={{
            itemType: t('itemType'),
            types: { project: t('types.project'), version: t('types.version'), user: t('types.user') },
            item: t('item'),
            itemHint: t('itemHint'),
            reason: t('reason'),
            chooseReason: t('chooseReason'),
            body: t('body'),
            bodyHint: t('bodyHint'),
            submit: t('submit'),
          }}
        />
      </div>
    </div>
  )
}
