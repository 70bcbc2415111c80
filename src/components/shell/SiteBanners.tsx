import { getTranslations } from 'next-intl/server'
import { Suspense } from 'react'

import { readCosmetic } from '@/lib/cosmetics/server'
import { env } from '@/lib/env'
import { stagingBannerShown } from '@/lib/shell/stagingBanner'

import { BuildFailureBanner } from './BuildFailureBanner'
import { PaymentFailedBanner } from './PaymentFailedBanner'
import { VerifyEmailBanner } from './VerifyEmailBanner'
import { StagingBanner } from './StagingBanner'

/**
 * Site-wide banners above the header (spec §2): the staging environment, the build failure, verify
 * email, subscription payment failed.
 */
export async function SiteBanners() {
  const [t, dismissed] = await Promise.all([getTranslations('Shell.staging'), readCosmetic('hideStagingBanner')])
  return (
    <>
      {stagingBannerShown(env.siteEnv(), dismissed) ? <StagingBanner title={t('title')} text={t('text')} dismissLabel={t('dismiss')} /> : null}
      <Suspense fallback={null}>
        <BuildFailureBanner />
      </Suspense>
      <Suspense fallback={null}>
        <VerifyEmailBanner />
      </Suspense>
      <Suspense fallback={null}>
        <PaymentFailedBanner />
      </Suspense>
    </>
  )
}
