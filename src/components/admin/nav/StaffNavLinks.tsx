import { getTranslations } from 'next-intl/server'
import type { ServerProps } from 'payload'

import { isStaff, type Actor } from '@/access/core/roles'
import { ADMIN_QUEUE_PATH, ADMIN_REVENUE_PATH, ADMIN_USER_EMAIL_PATH } from '@/lib/adminPaths'

import { NavLinks } from './NavLinks'

/** Staff's own views in the admin nav (`admin.components.afterNavLinks`): the review queue, the user search, creator revenue. */
export async function StaffNavLinks({ user }: ServerProps) {
  if (!isStaff(user as Actor | undefined)) return null
  const t = await getTranslations('AdminWork.nav')
  return (
    <NavLinks
      label={t('group')}
      links={[
        { href: ADMIN_QUEUE_PATH, label: t('queue') },
        { href: ADMIN_USER_EMAIL_PATH, label: t('userEmail') },
        { href: ADMIN_REVENUE_PATH, label: t('revenue') },
      ]}
    />
  )
}
