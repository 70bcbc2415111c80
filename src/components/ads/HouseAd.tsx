import { getTranslations } from 'next-intl/server'

import { currentUser } from '@/lib/auth/guard'

import './houseAd.css'

/** What the slot promotes: our own products only — Plus, and game servers. */
export type HousePromo = 'plus' | 'servers'

const TARGET: Record<HousePromo, string> = { plus: '/plus', servers: '/servers' }

/** Modpacks are what people run on a server; everything else gets Plus. */
export const promoForProjectType = (type: string): HousePromo => (type === 'modpack' ? 'servers' : 'plus')

/**
 * The house ad slot (spec §6 "Logged-in users see no ads"; issue 29): our own promotion — no
 * third-party script, no tracking, nothing loaded from elsewhere — shown to signed-out visitors only.
 *
 * Signed-in visitors get nothing. The whole-page cache (src/server/pageCache.ts) keeps and serves
 * pages only for requests without a session cookie or `Authorization`, i.e. exactly the visitors this
 * slot is for: a kept page may carry it, and a signed-in visitor is never served a kept page. The
 * slot reads nothing from the database, so it does not change what a kept page is tagged with.
 */
export async function HouseAd({ promo, className }: { promo: HousePromo; className?: string }) {
  let signedIn = false
  try {
    signedIn = !!(await currentUser())
  } catch {
    // The auth lookup failed (database down): the visitor is treated as signed out here, as the page does.
  }
  if (signedIn) return null
  const t = await getTranslations('Ads')
  return (
    <section className={className ? `house-ad ${className}` : 'house-ad'} aria-label={t('label')} data-testid="house-ad" data-promo={promo}>
      <p className="house-ad__tag">{t('tag')}</p>
      <p className="house-ad__title">{t(`${promo}.title`)}</p>
      <p className="house-ad__body">{t(`${promo}.body`)}</p>
      <a className="house-ad__cta" href={TARGET[promo]}>
        {t(`${promo}.cta`)}
      </a>
    </section>
  )
}
