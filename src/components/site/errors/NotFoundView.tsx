import Link from 'next/link'
import { getTranslations } from 'next-intl/server'

import { notFoundReasons, type NotFoundVariant } from '@/lib/errors'

import { ErrorView } from './ErrorView'

/** The 404 page: generic, or the entity page (project, user, organization, collection) with its reasons. */
export async function NotFoundView({ variant }: { variant: NotFoundVariant }) {
  const t = await getTranslations('Errors')
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
