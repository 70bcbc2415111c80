import type { Metadata } from 'next'
import { getTranslations } from 'next-intl/server'

import type { NotFoundVariant } from '@/lib/errors'

/**
 * Title and description of a 404 page. Pages that call `notFound()` should also return this from
 * their `generateMetadata` when the thing is missing: Next.js 16 renders a 404 thrown from a page
 * on the client (vercel/next.js#62228), and the client keeps the page's own metadata.
 */
export async function notFoundMetadata(variant: NotFoundVariant): Promise<Metadata> {
  const t = await getTranslations('Errors.notFound')
  return {
    title: t(`${variant}.title`),
    description: variant === 'generic' || variant === 'version' ? t(`${variant}.subtitle`) : undefined,
  }
}
