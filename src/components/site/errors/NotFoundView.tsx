'use client'

import Link from 'next/link'
import { usePathname, useSearchParams } from 'next/navigation'
import { useTranslations } from 'next-intl'
import { Suspense } from 'react'

import { notFoundFullPath, notFoundReasons, notFoundVariantForPath } from '@/lib/errors'

import { ErrorView } from './ErrorView'

/** Spec §8's message for a path no route matches: "Page Not Found: {fullPath}". */
function NotFoundMessage({ fullPath }: { fullPath: string }) {
  const t = useTranslations('Errors')
  return (
    <div className="error-page__details">
      <p className="error-page__message" data-testid="not-found-message">
        {t('notFound.generic.message', { fullPath })}
      </p>
    </div>
  )
}

/** The message with the query string, which the browser has (useSearchParams suspends while prerendering). */
function NotFoundMessageWithQuery({ pathname }: { pathname: string }) {
  return <NotFoundMessage fullPath={notFoundFullPath(pathname, useSearchParams()?.toString())} />
}

/**
 * The 404 page: generic, a version page's, or the entity page (project, user, organization,
 * collection) with its reasons, chosen by the current path. It is a client component on purpose:
 * Next.js renders a segment's not-found UI together with its layout and reuses it across client-side
 * navigations, so only the browser's current path is reliably the one that was not found.
 */
export function NotFoundView() {
  const t = useTranslations('Errors')
  const pathname = usePathname()
  const variant = notFoundVariantForPath(pathname)
  const actions = (
    <Link href="/" className="button button--primary">
      {t('goHome')}
    </Link>
  )
  if (variant === 'generic' || variant === 'version') {
    const details =
      variant === 'generic' ? (
        <Suspense fallback={<NotFoundMessage fullPath={notFoundFullPath(pathname)} />}>
          <NotFoundMessageWithQuery pathname={pathname} />
        </Suspense>
      ) : undefined
    return <ErrorView title={t(`notFound.${variant}.title`)} subtitle={t(`notFound.${variant}.subtitle`)} details={details} actions={actions} />
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
