import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import { ModerationFrame, requireModerator } from '@/components/moderation/ModerationFrame'
import { TechnicalReviewList } from '@/components/moderation/TechnicalReviewList'
import { demoReview } from '@/lib/moderation/technicalReviewDemo'
import { reviewFilters } from '@/lib/moderation/reviewFilters'

export const dynamic = 'force-dynamic'

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Moderation')
  return { title: t('technical.mockupHeading'), robots: { index: false, follow: false } }
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> }

/** /moderation/technical-review-mockup: the technical review screen on demo findings (nothing stored); staff only. */
export default async function TechnicalReviewMockupPage({ searchParams }: Props) {
  await requireModerator()
  const filters = reviewFilters(await searchParams)
  const t = await getTranslations('Moderation')
  return (
    <ModerationFrame active="technical" title={t('technical.mockupHeading')} lead={t('technical.mockupLead')}>
      <TechnicalReviewList projects={await demoReview(filters)} filters={filters} action="/moderation/technical-review-mockup" demo />
    </ModerationFrame>
  )
}
