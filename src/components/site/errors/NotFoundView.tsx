'use client'

import Link from 'next/link'
import { usePathname } from 'next/navigation'
import { useTranslations } from 'next-intl'

import { notFoundReasons, notFoundVariantForPath } from '@/lib/errors'

import { ErrorView } from './ErrorView'

/**
 * The 404 page: generic, or the entity page (project, user, organization, collection) with its
 * reasons, chosen by the current path. It is a client component on purpose: Next.js renders a
 * segment's not-found UI together with its layout and reuses it across client-side navigations,
 * so only the browser's current path is reliably the one that was not found.
 */
export function NotFoundView() {
  const t = useTranslations('Errors')
  const variant = notFoundVariantForPath(usePathname())
  const actions = (
    <Link href="/" className="button button--primary">
      {t('goHome')}
    </Link>
  )
  if (variant === 'generic') {
    return <ErrorView title={t('notFound.generic.title')} subtitle={t('notFound.generic.subtitle')} actions={actions} />
  }
  return (
    <ErrorView
      title={t(`notFound.${variant}.title`)}
      listTitle={t('reasonsTitle')}
      items={notFoundReasons(variant).map((key) => t(`notFound.${variant}.reasons.${key}`))}
      actions={actions}
    />
  )
}
