import { notFound } from 'next/navigation'
import { getTranslations } from 'next-intl/server'
import type { AdminViewServerProps } from 'payload'

import { actorOf, isStaff } from '@/access/core/roles'

import { UserEmailForm } from '../userEmail/UserEmailForm'
import { AdminPage } from './AdminPage'

/**
 * `/admin/user_email` (spec §2 admin routes): find a user by email. Payload serves a custom view to
 * anyone, signed in or not, so the staff check is here — everyone else gets a 404 — and again in the
 * search itself (src/lib/data/userByEmail.ts).
 */
export async function UserEmailView(props: AdminViewServerProps) {
  const { req } = props.initPageResult
  if (!req.user || !isStaff(actorOf(req))) notFound()
  const t = await getTranslations('AdminWork.userEmail')
  return (
    <AdminPage props={props} title={t('title')}>
      <h1>{t('title')}</h1>
      <p className="bf-work__detail">{t('lead')}</p>
      <UserEmailForm
        texts={{ email: t('email'), search: t('search'), none: t('none'), username: t('username'), id: t('id'), joined: t('joined'), details: t('details'), refused: t('refused') }}
      />
    </AdminPage>
  )
}
