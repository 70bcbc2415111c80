import { getTranslations } from 'next-intl/server'

import { Avatar } from '@/components/profile/Avatar'
import { CreateProjectDialog } from '@/components/project/create/CreateProjectDialog'
import { imagesByIds, isViewerStaff, type Viewer } from '@/lib/data'
import { imageUrl } from '@/lib/data/profile-pages'
import { relationId } from '@/lib/ids'

import { Icon } from './icons'
import { NOTIFICATIONS_HREF, SIGN_IN_HREF } from './links'
import { UserMenu } from './UserMenu'
import Link from 'next/link'

/** The header's account corner: the signed-in user's menu, or a sign-in link. */
export async function AccountArea({ viewer }: { viewer: Viewer }) {
  const t = await getTranslations('Nav')
  const user = viewer.user
  if (!user) {
    return (
      <Link href={SIGN_IN_HREF} className="button button--primary button--small">
        <Icon name="signIn" size={18} />
        {t('signIn')}
      </Link>
    )
  }
  const avatarId = relationId(user.avatar)
  const avatar = avatarId ? (await imagesByIds(viewer, [avatarId])).get(avatarId) : null
  const name = user.username ?? user.id
  const links = [
    { href: `/user/${encodeURIComponent(name)}`, label: t('profile') },
    { href: '/dashboard', label: t('dashboard') },
    { href: '/settings', label: t('settings') },
    ...(isViewerStaff(viewer) ? [{ href: '/moderation', label: t('moderation') }] : []),
  ]
  return (
    <UserMenu
      label={t('accountMenu', { name })}
      trigger={
        <>
          <Avatar url={imageUrl(avatar)} size={28} round fallback="user" />
          <span className="user-menu__name">{name}</span>
        </>
      }
      links={links}
      notifications={{ href: NOTIFICATIONS_HREF, label: t('notifications') }}
      signOutLabel={t('signOut')}
      actions={<CreateProjectDialog label={t('createProject')} />}
    />
  )
}
