import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { TechnicalReviewList } from '@/components/moderation/TechnicalReviewList'
import { technicalReviewList } from '@/lib/data/technicalReview'
import { reviewFilters } from '@/lib/moderation/reviewFilters'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Moderation')
  return { title: t('technical.heading'), robots: { index: false, follow: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** /moderation/technical-review: projects whose files the scanner flagged, with a verdict per finding; staff only. */
export default async function TechnicalReviewPage({ searchParams }: Props) {
  const viewer = await requireModerator()
  const filters = reviewFilters(await searchParams)
  const [t, projects] = await Promise.all([getTranslations('Moderation'), technicalReviewList(viewer, filters)])
  return (
    <ModerationFrame active="technical" title={t('technical.heading')} lead={t('technical.lead')}>
      <TechnicalReviewList projects={projects ?? []} filters={filters} action="/moderation/technical-review" />
    </ModerationFrame>
  )
}
